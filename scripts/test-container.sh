#!/usr/bin/env bash
# `npm run test:container`: builds the Containerfile with podman on a local Debian 13 base and proves
# the image against the sandbox platform and the Slack emulator running on this machine
# (test/container/image.spec.ts). Installs podman, runc and debootstrap from Debian's packages when
# missing (as root); anything else missing fails loudly: this check never skips.
set -euo pipefail
cd "$(dirname "$0")/.."

# --build-only: the bases and the image, without the spec (CI builds them in the background while
# its other steps run, then runs this again, which finds every layer cached).
build_only=false
[ "${1:-}" = --build-only ] && build_only=true

image=localhost/exp-chatops:test
# The build stage gets a tag of its own, so that its layers (the npm ci one above all) stay cached
# when the previous run's images are pruned below.
build_stage=localhost/exp-chatops-build:test
label=io.exp-chatops.container-test=1
started=$SECONDS

log() { echo "test-container: $*" >&2; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

missing=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    log "missing: ${missing[*]}; run as root or apt-get install -y podman runc debootstrap"
    exit 1
  fi
  log "installing podman, runc and debootstrap from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
fi

bases=$(bash scripts/container-base.sh)
read -r base build_base <<<"$bases"
log "bases ready ($((SECONDS - started)) s): $base, $build_base"

build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
build() {
  # chroot isolation and the host's network: what building works with here (measured). The docker
  # format keeps the HEALTHCHECK, which the OCI format drops.
  podman build --isolation chroot --network host --format docker --label "$label" \
    --build-arg "BASE=$base" --build-arg "BUILD_BASE=$build_base" -f Containerfile "$@" . >>"$build_log" 2>&1 ||
    { tail -40 "$build_log" >&2; log "podman build failed"; exit 1; }
}
built_at=$SECONDS
build --target build -t "$build_stage"
build -t "$image"
# The previous run's images, untagged by this one, with the layers only they used.
podman image prune --force --filter "label=$label" >/dev/null
size=$(podman image inspect --format '{{.Size}}' "$image")
base_size=$(podman image inspect --format '{{.Size}}' "$base")
log "built $image in $((SECONDS - built_at)) s: $((size / 1000000)) MB, of which $(((size - base_size) / 1000000)) MB above the base"

if $build_only; then log "image ready in $((SECONDS - started)) s"; exit 0; fi
if ! port_open 6379; then
  log "starting redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 50); do port_open 6379 && break; sleep 0.1; done
  port_open 6379 || { log "redis is not answering on 127.0.0.1:6379"; exit 1; }
fi
EXP_CHATOPS_IMAGE=$image npx vitest run --config test/container/vitest.config.ts
log "done in $((SECONDS - started)) s"
