import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getGlobalDispatcher } from 'undici';
import { benchStoreUrl } from './bench-redis.js';
import { type BenchWorld, startBenchWorld } from './bench-world.js';
import { spawnSubject } from './load.js';
import { pacedStarts } from './paced.js';
import { type SelfTime, selfTime } from './profile-summary.js';

// Where the app's layers cost, against the same work written by hand: the app (tsc's output, one
// file per module) and bench/bolt-guarded.ts (Bolt making the app's calls and store writes by hand)
// each run with --cpu-prof under the same evenly spaced starts on the same kind of store, one after
// the other, each start on a draft of its own. The two profiles' self time is set side by side in µs
// per start, by package (or the app's folder, or Node's module) and by function, largest difference
// first: the code both run (Node, undici, Slack's web client, the store's client) compares directly,
// the app's own folders against the baseline's one file.
//   npm run bench:profile-layers -- redis 100 10     (store: redis | sqlite, starts/s, seconds)

const [storeArg = 'redis', rateArg = '100', secondsArg = '10'] = process.argv.slice(2);
if (storeArg !== 'redis' && storeArg !== 'sqlite') throw new Error('store: redis or sqlite');
const rate = Number(rateArg);
const seconds = Number(secondsArg);
if (!(rate > 0 && rate <= 500 && seconds > 0 && seconds <= 60)) throw new Error('rate 1–500, seconds 1–60');

/** Each subject's starts on drafts of their own: ids from `firstId` on, a million apart. */
async function profiled(
  world: BenchWorld,
  script: string,
  label: string,
  firstId: number,
): Promise<SelfTime & { starts: number }> {
  const dir = mkdtempSync(join(tmpdir(), `exp-layers-${label}-`));
  const env = { ...world.env, STORE_URL: await benchStoreUrl(storeArg, dir) };
  // One sample every 100 µs (V8's default is 1 ms): a function's share of a 5 ms start is then
  // counted in tens of samples a second, not in ones.
  const profiler = ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=100'];
  const subject = await spawnSubject('app', script, env, profiler);
  const batch = pacedStarts(world, subject.url, rate, firstId);
  await batch(Math.min(200, rate * 2));
  const measuredFrom = performance.now();
  const { sends } = await batch(rate * seconds);
  const measuredMs = performance.now() - measuredFrom;
  subject.child.kill('SIGTERM');
  await new Promise((resolve) => subject.child.once('exit', resolve));
  if (storeArg === 'sqlite') rmSync(join(dir, 'app.sqlite'), { force: true });
  return { ...selfTime(dir, measuredMs), starts: sends.length };
}

/** Rows of both maps in µs per start, the largest difference (app − baseline) first. */
function sideBySide(
  app: Map<string, number>,
  appStarts: number,
  base: Map<string, number>,
  baseStarts: number,
) {
  const keys = new Set([...app.keys(), ...base.keys()]);
  return [...keys]
    .map((key) => {
      const a = (app.get(key) ?? 0) / appStarts;
      const b = (base.get(key) ?? 0) / baseStarts;
      return { key, a, b, diff: a - b };
    })
    .sort((x, y) => y.diff - x.diff);
}

const us = (n: number) => n.toFixed(0).padStart(6);
function table(title: string, rows: ReturnType<typeof sideBySide>, top: number): string[] {
  const lines = [title, '   app  hand  diff  (µs per start)'];
  for (const row of rows.slice(0, top)) lines.push(`${us(row.a)}${us(row.b)}${us(row.diff)}  ${row.key}`);
  return [...lines, ''];
}

const world = await startBenchWorld('layers');
try {
  const app = await profiled(world, 'dist/main.js', 'app', 1_000_000);
  const hand = await profiled(world, 'bench/bolt-guarded.ts', 'hand', 2_000_000);
  const out = [
    `/exp start on ${storeArg} at ${rate}/s for ${seconds} s, profiler on: main thread's self time ` +
      `${us(app.total / app.starts)} µs a start (the app), ${us(hand.total / hand.starts)} (by hand)`,
    '',
    ...table('by package or folder:', sideBySide(app.byPackage, app.starts, hand.byPackage, hand.starts), 30),
    ...table('by function:', sideBySide(app.byFunction, app.starts, hand.byFunction, hand.starts), 60),
    `profiles: ${app.file}, ${hand.file}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  await world.close();
  await getGlobalDispatcher().close();
}
