import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pacedStarts } from '../loads/paced.js';
import { settle } from '../support/process-stats.js';
import { benchStoreUrl } from '../support/redis.js';
import { spawnSubject } from '../support/subjects.js';
import { startBenchWorld } from '../support/world.js';
import { summariseProfile } from './profile-summary.js';

// Where a `/exp start` spends its CPU on a given store, for when the CPU budget fails: the app runs
// with --cpu-prof while evenly spaced starts arrive, each on a draft of its own, then stops cleanly
// so V8 writes the profile, summarised by package and by function.
//   npm run bench profile-start -- sqlite 100 10     (store: sqlite | redis | memory, starts/s, seconds)

/** The world and the app on `store`, run with --cpu-prof writing into `dir`. */
export async function profiledApp(store: string) {
  const dir = mkdtempSync(join(tmpdir(), 'exp-prof-'));
  const world = await startBenchWorld('profile');
  // tsc's output, one file per module, not the server bundle: the summary tells the app's folders
  // apart by the file a function is in (the code is the same).
  const app = await spawnSubject(
    'dist/main.js',
    { ...world.env, STORE_URL: await benchStoreUrl(store, dir) },
    ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  );
  return { world, app, dir };
}

export async function profileStart(args: readonly string[]): Promise<void> {
  const [store = 'sqlite', rateArg = '100', secondsArg = '10'] = args;
  const rate = Number(rateArg);
  const { world, app, dir } = await profiledApp(store);
  try {
    const batch = pacedStarts(world, app.url, rate, 200_000);
    await batch(Math.min(200, rate * 2));
    const [before = 0] = await settle([app.child]);
    const measuredFrom = performance.now();
    const { sends } = await batch(rate * Number(secondsArg));
    const [after = 0] = await settle([app.child]);
    const measuredMs = performance.now() - measuredFrom;
    app.child.kill('SIGTERM');
    await new Promise((resolve) => app.child.once('exit', resolve));
    process.stdout.write(
      `/exp start on ${store} at ${rate}/s for ${secondsArg} s: ${((after - before) / sends.length).toFixed(2)} ms CPU per start (profiler on)\n\n`,
    );
    process.stdout.write(summariseProfile(dir, 50, measuredMs));
  } finally {
    app.child.kill('SIGKILL');
    await world.close();
  }
}
