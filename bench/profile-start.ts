import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getGlobalDispatcher } from 'undici';
import { benchStoreUrl } from './bench-redis.js';
import { startBenchWorld } from './bench-world.js';
import { spawnSubject } from './load.js';
import { pacedStarts } from './paced.js';
import { settledCpuMs } from './process-stats.js';
import { summariseProfile } from './profile-summary.js';

// Where a `/exp start` spends its CPU on a given store: the app runs with --cpu-prof while evenly
// spaced starts arrive, each on a draft of its own (a real start every time, as in
// bench/work-cost.ts), then stops cleanly so V8 writes the profile.
//   npm run bench:profile-start -- sqlite 100 10     (store: sqlite | redis | memory, starts/s, seconds)

const [storeArg = 'sqlite', rateArg = '100', secondsArg = '10'] = process.argv.slice(2);
const rate = Number(rateArg);
const dir = mkdtempSync(join(tmpdir(), 'exp-prof-'));
const storeUrl = await benchStoreUrl(storeArg, dir);
const world = await startBenchWorld('profile');
// tsc's output, one file per module, not the server bundle: the summary tells the app's folders
// apart by the file a function is in (the code is the same; bench/compiled.ts).
const app = await spawnSubject('app', 'dist/main.js', { ...world.env, STORE_URL: storeUrl }, [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
]);
const batch = pacedStarts(world, app.url, rate, 200_000);
await batch(Math.min(200, rate * 2));
const before = await settledCpuMs(app.child);
const measuredFrom = performance.now();
const { sends } = await batch(rate * Number(secondsArg));
const cpu = ((await settledCpuMs(app.child)) - before) / sends.length;
const measuredMs = performance.now() - measuredFrom;
app.child.kill('SIGTERM');
await new Promise((resolve) => app.child.once('exit', resolve));
await world.close();
await getGlobalDispatcher().close();
process.stdout.write(
  `/exp start on ${storeArg} at ${rate}/s for ${secondsArg} s: ${cpu.toFixed(2)} ms CPU per start (profiler on)\n\n`,
);
process.stdout.write(summariseProfile(dir, 50, measuredMs));
if (storeArg !== 'sqlite') rmSync(join(dir, 'app.sqlite'), { force: true });
