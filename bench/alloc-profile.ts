import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'undici';
import { freePort } from '../test/support/app-process.js';
import { type HeapProfile, summariseAllocations } from './alloc-summary.js';
import { benchStoreUrl } from './bench-redis.js';
import { startBenchWorld } from './bench-world.js';
import { spawnListening } from './load.js';
import { paced } from './paced.js';
import { settleAll } from './process-stats.js';

// What a `/exp start` allocates, and where: the app (tsc's output, so that frames tell the app's
// folders apart) runs with the inspector on; after a warm-up, V8's sampling heap profiler records
// every object allocated (those collected since included) while evenly spaced starts arrive, each on
// a draft of its own. What is allocated and dies young costs collections; what lives across two
// young collections is promoted and raises the old generation's peak (docs/performance-log.md).
//   npm run bench:allocations -- sqlite 100 600      (store: sqlite | redis | memory, starts/s, starts)

const [storeArg = 'sqlite', rateArg = '100', countArg = '600'] = process.argv.slice(2);
const rate = Number(rateArg);
const count = Number(countArg);
const dir = mkdtempSync(join(tmpdir(), 'exp-alloc-'));
const storeUrl = await benchStoreUrl(storeArg, dir);
const world = await startBenchWorld('alloc');
const inspectPort = await freePort();
const app = await spawnListening('app', [`--inspect=127.0.0.1:${inspectPort}`, 'dist/main.js'], {
  env: { ...world.env, STORE_URL: storeUrl },
});

/** The Chrome DevTools Protocol over the inspector's WebSocket: one call, one answer. */
async function devtools(): Promise<(method: string, params?: object) => Promise<Record<string, unknown>>> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0]?.webSocketDebuggerUrl ?? '');
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  });
  let lastId = 0;
  return (method, params = {}) =>
    new Promise((resolve) => {
      lastId += 1;
      waiting.set(lastId, resolve);
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
}

let nextId = 300_000;
async function starts(n: number, perSecond: number): Promise<void> {
  const from = nextId;
  nextId += n;
  await world.addDrafts(from, n);
  await paced(app.url, perSecond, n, (i) => world.command(`start ${from + i}`)());
  await settleAll([app.child]);
}

try {
  const call = await devtools();
  await settleAll([app.child]);
  await starts(300, 50);
  await call('HeapProfiler.enable');
  await call('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await starts(count, rate);
  const { profile } = await call('HeapProfiler.stopSampling');
  process.stdout.write(`${summariseAllocations(profile as HeapProfile, count)}\n`);
} finally {
  app.child.kill('SIGKILL');
  await world.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
