#!/usr/bin/env bash
# Makes the local base images `npm run test:container` builds the Containerfile on, once per machine:
# this machine reaches Debian's packages and the npm registry but no container registry, so the
# Containerfile's default (an official Node image) cannot be pulled here.
#
#   exp-chatops-test-debian:KEY      debootstrap --variant=minbase trixie + nodejs (20.19), imported
#   exp-chatops-test-base:KEY        + this host's CA certificates and NODE_EXTRA_CA_CERTS: npm reaches
#                                    the registry here through a proxy only the host trusts, as a
#                                    company base image would carry its CA. Never in the Containerfile.
#   exp-chatops-test-build-base:KEY  + npm and node-gyp's needs (the sqlite3 addon is built from source
#                                    here): make, g++, Node's headers (npm_config_nodedir=/usr) and
#                                    Python's distutils (python3-setuptools on Debian 13)
#
# KEY hashes this script and the CA bundle, so a change to either makes new ones; images of older
# keys are removed. Prints "BASE BUILD_BASE" (the image names) on stdout; progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

ca_bundle=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
[ -s "$ca_bundle" ] || { echo "container-base: no CA bundle at $ca_bundle" >&2; exit 1; }
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
key=$(cat "$0" "$ca_bundle" | sha256sum | cut -c1-12)
debian=localhost/exp-chatops-test-debian:$key
base=localhost/exp-chatops-test-base:$key
build_base=localhost/exp-chatops-test-build-base:$key

log() { echo "container-base: $*" >&2; }

# Older keys' images: a changed script or CA bundle must not leave gigabytes behind.
remove_stale() {
  podman images --format '{{.Repository}}:{{.Tag}}' |
    grep -E '^localhost/exp-chatops-test-(debian|base|build-base):' |
    grep -v ":$key\$" | xargs -r podman rmi --force >/dev/null 2>&1 || true
}

make_debian() {
  local root
  root=$(mktemp -d /var/tmp/exp-chatops-rootfs.XXXXXX)
  # shellcheck disable=SC2064 # the path is fixed now, on purpose
  trap "rm -rf '$root'" RETURN
  log "debootstrap trixie (minbase + nodejs) from $mirror"
  debootstrap --variant=minbase --include=nodejs trixie "$root" "$mirror" >"$root.log" 2>&1 ||
    { tail -20 "$root.log" >&2; rm -f "$root.log"; return 1; }
  rm -f "$root.log"
  # What slim images drop: package caches, indexes, documentation, translations.
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* \
    "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/*
  tar -C "$root" -c . | podman import --quiet - "$debian" >/dev/null
}

# A derived image from a Containerfile given on stdin, with the CA bundle in its build context.
derive() {
  local tag=$1 context
  context=$(mktemp -d)
  cp "$ca_bundle" "$context/host-ca.crt"
  podman build --quiet --isolation chroot --network host --format docker -t "$tag" -f - "$context" >/dev/null
  rm -rf "$context"
}

if ! podman image exists "$debian"; then make_debian; fi
if ! podman image exists "$base"; then
  log "deriving $base (host CA certificates)"
  derive "$base" <<EOF
FROM $debian
COPY host-ca.crt /etc/ssl/certs/host-ca.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca.crt
EOF
fi
if ! podman image exists "$build_base"; then
  log "deriving $build_base (npm, make, g++, Node's headers, python3-setuptools)"
  derive "$build_base" <<EOF
FROM $base
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \\
      npm libnode-dev make g++ python3 python3-setuptools >/dev/null && \\
    rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb
ENV npm_config_nodedir=/usr
EOF
fi
remove_stale
echo "$base $build_base"
