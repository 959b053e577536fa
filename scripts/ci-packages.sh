#!/usr/bin/env bash
# The Debian packages CI's later steps need, installed in one apt run when any is missing: Chromium
# for the browser tests, podman, runc and debootstrap for the container image. One run, because two
# apt runs at once (this and the test suite's pretest, say) fail on dpkg's lock.
set -euo pipefail

wanted=(chromium podman runc debootstrap)
missing=()
for tool in "${wanted[@]}"; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "ci-packages: missing ${missing[*]}; run as root or apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "ci-packages: installing ${missing[*]} from Debian's packages" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null
