#!/usr/bin/env bash
# Runs before `npm test`: the suite talks to real Redis and PostgreSQL on this machine and drives
# Debian's Chromium for the playground tests. Start or install what is missing; fail loudly if
# that is impossible (tests must never skip for want of a service).
set -euo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if ! port_open 6379; then
  echo "test-env: starting redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
if ! port_open 5432; then
  echo "test-env: starting postgresql"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
fi
for _ in $(seq 1 100); do
  port_open 6379 && port_open 5432 && break
  sleep 0.1
done
port_open 6379 || { echo "test-env: redis is not answering on 127.0.0.1:6379" >&2; exit 1; }
port_open 5432 || { echo "test-env: postgresql is not answering on 127.0.0.1:5432" >&2; exit 1; }

if [ ! -x /usr/bin/chromium ]; then
  echo "test-env: installing Debian's chromium for the browser tests"
  if [ "$(id -u)" -ne 0 ]; then
    echo "test-env: run as root or install chromium (apt-get install -y chromium)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
