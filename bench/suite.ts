import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type HelpOptions, type HelpRow, helpLoad } from './loads/help-load.js';
import { type StartOptions, type StartRow, startRounds } from './loads/start-rounds.js';
import { compiled } from './support/compiled.js';
import { rssKb, settle } from './support/process-stats.js';
import { BENCH_REDIS_URL, flushBenchRedis } from './support/redis.js';
import { type Subject, spawnSubject } from './support/subjects.js';
import { startBenchWorld } from './support/world.js';

// The benchmarks behind the budgets, on one set of processes started together: each subject is
// started once, its idle memory read before any load, then the evenly spaced starts, then the
// `/exp help` load. A benchmark picks the subjects and the loads it needs; `npm run bench` runs all.

export const BENCHMARKS = ['start', 'help', 'memory'] as const;
export type Benchmark = (typeof BENCHMARKS)[number];

type SubjectName =
  | 'app-sqlite'
  | 'app-redis'
  | 'guarded-sqlite'
  | 'guarded-redis'
  | 'bolt-calls'
  | 'bare-bolt';

/** Which subjects each benchmark reads idle, loads with starts, and loads with `/exp help`. */
const NEEDS: Record<Benchmark, { idle: SubjectName[]; starts: SubjectName[]; help: SubjectName[] }> = {
  start: { idle: [], starts: ['app-sqlite', 'guarded-sqlite', 'app-redis', 'guarded-redis'], help: [] },
  help: { idle: [], starts: [], help: ['app-sqlite', 'bare-bolt'] },
  memory: {
    idle: ['app-sqlite', 'app-redis', 'bare-bolt'],
    starts: ['app-sqlite', 'app-redis', 'bolt-calls'],
    help: [],
  },
};
/** The order subjects take turns in: each app beside its lean guarded start. */
const ORDER: SubjectName[] = [
  'app-sqlite',
  'guarded-sqlite',
  'app-redis',
  'guarded-redis',
  'bolt-calls',
  'bare-bolt',
];

export interface SuiteOptions {
  start: StartOptions;
  help: HelpOptions;
  /** Another build's server bundle, run in place of the lean guarded start (a paired A/B of two builds). */
  against?: string | undefined;
}

export interface Measurements {
  benchmarks: Benchmark[];
  /** Resident memory once started and idle, kB, by subject. */
  idleRssKb: Record<string, number>;
  start: StartRow[];
  help: HelpRow[];
  /** Error lines each subject logged, by subject (none expected). */
  errors: Record<string, string[]>;
}

export async function runSuite(
  benchmarks: readonly Benchmark[],
  options: SuiteOptions,
): Promise<Measurements> {
  const wanted = (pick: (needs: (typeof NEEDS)[Benchmark]) => SubjectName[]) => {
    const names = new Set(benchmarks.flatMap((b) => pick(NEEDS[b])));
    return ORDER.filter((name) => names.has(name));
  };
  const idle = wanted((n) => n.idle);
  const starts = wanted((n) => n.starts);
  const help = wanted((n) => n.help);
  const all = ORDER.filter((name) => idle.includes(name) || starts.includes(name) || help.includes(name));

  const dir = mkdtempSync(join(tmpdir(), 'exp-bench-'));
  const guarded = options.against ?? 'bench/baselines/guarded-start.ts';
  const scripts: Record<SubjectName, [string, Record<string, string>]> = {
    'app-sqlite': ['src/main.ts', { STORE_URL: `sqlite://${join(dir, 'app.sqlite')}` }],
    'app-redis': ['src/main.ts', { STORE_URL: BENCH_REDIS_URL }],
    'guarded-sqlite': [guarded, { STORE_URL: `sqlite://${join(dir, 'guarded.sqlite')}` }],
    'guarded-redis': [guarded, { STORE_URL: BENCH_REDIS_URL }],
    'bolt-calls': ['bench/baselines/bolt-app-calls.ts', {}],
    'bare-bolt': ['bench/baselines/bare-bolt.ts', {}],
  };
  // Bundled while the world starts: each subject is then only a process to start.
  const bundled = Promise.all(all.map((name) => compiled(scripts[name][0])));
  const [world] = await Promise.all([startBenchWorld('bench'), flushBenchRedis(), bundled]);
  process.stderr.write(`bench: starting ${all.join(', ')}\n`);
  const spawned = await Promise.allSettled(
    all.map((name) => spawnSubject(scripts[name][0], { ...world.env, ...scripts[name][1] })),
  );
  const subjects = new Map<SubjectName, Subject>();
  spawned.forEach((result, i) => {
    if (result.status === 'fulfilled') subjects.set(all[i] as SubjectName, result.value);
  });
  const pick = (names: SubjectName[]) => new Map(names.map((name) => [name, subjects.get(name) as Subject]));
  try {
    const failed = spawned.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await settle([...subjects.values()].map((s) => s.child));
    const idleRssKb = Object.fromEntries(
      idle.map((name) => [name, rssKb((subjects.get(name) as Subject).child)]),
    );
    const startRows = starts.length > 0 ? await startRounds(world, pick(starts), options.start) : [];
    const helpRows = help.length > 0 ? await helpLoad(world, pick(help), options.help) : [];
    const errors = Object.fromEntries([...subjects].map(([name, s]) => [name, s.errorLines()]));
    return { benchmarks: [...benchmarks], idleRssKb, start: startRows, help: helpRows, errors };
  } finally {
    for (const subject of subjects.values()) subject.child.kill('SIGKILL');
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
