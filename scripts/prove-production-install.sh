#!/usr/bin/env bash
# Proves the README's production recipe: a built dist/ runs on the production dependencies alone
# (what `npm ci --omit=dev` installs) with `node dist/server/main.js`, in HTTP mode. Run after `npm ci` and
# `npm run build`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/server/main.js ] || { echo "prove-production: run npm run build first" >&2; exit 1; }

work=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
cp package.json package-lock.json "$work/"
cp -r dist "$work/dist"
# The full install this runs after (CI's `npm ci`), copied and pruned of its devDependencies: the
# same lock file gives the same production tree as `npm ci --omit=dev`, without compiling sqlite3's
# addon from source a second time (no prebuilt one can be downloaded here: about 100 s of CPU).
[ -d node_modules ] || { echo "prove-production: run npm ci first" >&2; exit 1; }
cp -a node_modules "$work/node_modules"
(cd "$work" && npm prune --omit=dev --no-audit --no-fund --loglevel=error >/dev/null)

for dev in vitest typescript tsx esbuild playwright-core @biomejs/biome; do
  if [ -e "$work/node_modules/$dev" ]; then echo "prove-production: devDependency $dev was installed" >&2; exit 1; fi
done

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
key=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")
(cd "$work" && exec env -i PATH="$PATH" PORT="$port" STORE_URL=memory:// \
  SLACK_SIGNING_SECRET=prove-production SLACK_BOT_TOKEN=xoxb-prove-production \
  TOKEN_ENCRYPTION_KEY="$key" node dist/server/main.js >"$work/out.log" 2>&1) &
pid=$!
for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { cat "$work/out.log" >&2; echo "prove-production: no /healthz" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/metrics" -o "$work/metrics.txt" && grep -q '^# TYPE' "$work/metrics.txt" || { echo "prove-production: /metrics has no # TYPE lines" >&2; exit 1; }
kill "$pid"; wait "$pid" 2>/dev/null || true

# The playground (development tooling, but shipped in dist/) serves its prebuilt bundle: esbuild,
# a devDependency, is absent here and must not be needed.
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
page=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
(cd "$work" && exec env -i PATH="$PATH" PORT="$port" PLAYGROUND_PORT="$page" STORE_URL=memory:// \
  node dist/server/main.js >"$work/playground.log" 2>&1) &
pid=$!
for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$page/playground.js" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
{ curl -fsS "http://127.0.0.1:$page/playground.js" -o "$work/bundle.js" && [ -s "$work/bundle.js" ]; } ||
  { cat "$work/playground.log" >&2; echo "prove-production: the playground bundle is not served" >&2; exit 1; }
echo "prove-production: dist/server/main.js runs in HTTP mode and serves the playground on production dependencies only"
