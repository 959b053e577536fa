import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_REDIS_URL, flushBenchRedis } from './bench-redis.js';
import { type BenchWorld, startBenchWorld } from './bench-world.js';
import { spawnSubject } from './load.js';
import { endToEnd, paced, quantile } from './paced.js';
import { formatPairedRounds } from './paired-rounds.js';
import { settleAll, settledCpuMs } from './process-stats.js';
import type { WorldCounts } from './world-protocol.js';

// `/exp start` at a steady, evenly spaced rate (bench/paced.ts), the app on SQLite (the default
// store) and on Redis against Bolt making the same calls (bench/bolt-with-calls.ts), rounds
// alternating. Each start is on a draft of its own, so its outcome can be found in the channel:
// end to end runs from the moment the request is written to the moment the post telling the
// outcome reaches the Slack emulator (its own clock). CPU per command is the subject process's
// user + system time from /proc over the run and until it is idle again (its work after the acks
// included), divided by the commands sent. The platform and Slack count what each subject did.

export type WorkSubject =
  | 'app-sqlite'
  | 'app-redis'
  | 'bolt-calls'
  | 'bolt-card'
  | 'bolt-guarded-sqlite'
  | 'bolt-guarded-redis';

export interface WorkCostRound {
  sent: number;
  acked: number;
  /** Starts whose outcome reached the channel. */
  told: number;
  cpuMsPerCommand: number;
  ackP50: number;
  ackP99: number;
  e2eP50: number;
  e2eP99: number;
  /** How late the sender was on its schedule, p99 ms. */
  lateP99: number;
  work: WorldCounts;
}

export interface WorkCostRow {
  subject: WorkSubject;
  rate: number;
  rounds: WorkCostRound[];
}

export interface WorkCostOptions {
  rates: readonly number[];
  durationS: number;
  rounds: number;
  /** Starts each subject makes at 100/s before any round counts (see the warm-up below). */
  warmUpStarts: number;
}

/** The full run's shape, shared by `npm run bench` and `npm run bench:start`; `quick` is CI's smoke run. */
export const workCostOptions = (quick: boolean): WorkCostOptions =>
  quick
    ? { rates: [100], durationS: 1, rounds: 1, warmUpStarts: 20 }
    : { rates: [100, 300], durationS: 6, rounds: 5, warmUpStarts: 800 };

const FIRST_ID = 100_000;
const SUBJECTS: WorkSubject[] = [
  'app-sqlite',
  'app-redis',
  'bolt-calls',
  'bolt-card',
  'bolt-guarded-sqlite',
  'bolt-guarded-redis',
];

export async function workCostBenchmark(options: WorkCostOptions): Promise<WorkCostRow[]> {
  const world = await startBenchWorld('bench');
  await flushBenchRedis();
  const dir = mkdtempSync(join(tmpdir(), 'exp-bench-'));
  const subjects = [
    await spawnSubject('app', 'src/main.ts', {
      ...world.env,
      STORE_URL: `sqlite://${join(dir, 'app.sqlite')}`,
    }),
    await spawnSubject('app', 'src/main.ts', { ...world.env, STORE_URL: BENCH_REDIS_URL }),
    await spawnSubject('bolt', 'bench/bolt-with-calls.ts', { ...world.env, BOLT_CALLS: 'start' }),
    await spawnSubject('bolt', 'bench/bolt-with-calls.ts', { ...world.env, BOLT_CALLS: 'card' }),
    await spawnSubject('bolt', 'bench/bolt-guarded.ts', {
      ...world.env,
      STORE_URL: `sqlite://${join(dir, 'bolt-guarded.sqlite')}`,
    }),
    await spawnSubject('bolt', 'bench/bolt-guarded.ts', { ...world.env, STORE_URL: BENCH_REDIS_URL }),
  ];
  const rows: WorkCostRow[] = [];
  let nextId = FIRST_ID;
  const ids = (count: number) => {
    const from = nextId;
    nextId += count;
    return Array.from({ length: count }, (_, i) => from + i);
  };
  try {
    // Warm-up until V8 has compiled what a start runs: after 20 starts every subject's first rounds
    // still ran slower (docs/performance-log.md), so a median of rounds taken from there measured
    // the JIT too. 800 starts are eight seconds each.
    for (const subject of subjects) {
      const warm = ids(options.warmUpStarts);
      await world.addDrafts(warm[0] ?? 0, warm.length);
      await paced(subject.url, 100, warm.length, (i) => world.command(`start ${warm[i]}`)());
    }
    for (const rate of options.rates) {
      const rateRows = SUBJECTS.map((subject): WorkCostRow => ({ subject, rate, rounds: [] }));
      rows.push(...rateRows);
      for (let round = 0; round < options.rounds; round++) {
        const forward = subjects.map((_, i) => i);
        const order = round % 2 === 0 ? forward : forward.reverse();
        for (const i of order) {
          const subject = subjects[i];
          const row = rateRows[i];
          if (!subject || !row) continue;
          process.stderr.write(`bench: /exp start at ${rate}/s → ${row.subject}\n`);
          await settleAll(
            subjects.map((s) => s.child),
            120_000,
          );
          row.rounds.push(
            await measureRound(world, subject, ids(Math.round(rate * options.durationS)), rate),
          );
        }
      }
    }
  } finally {
    for (const subject of subjects) subject.child.kill('SIGKILL');
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

async function measureRound(
  world: BenchWorld,
  subject: Awaited<ReturnType<typeof spawnSubject>>,
  ids: number[],
  rate: number,
): Promise<WorkCostRound> {
  await world.addDrafts(ids[0] ?? 0, ids.length);
  const before = await settledCpuMs(subject.child, 120_000);
  const countsBefore = await world.counts();
  const { sends, lateP99 } = await paced(subject.url, rate, ids.length, (i) =>
    world.command(`start ${ids[i]}`)(),
  );
  const toldAt = await allTold(world, ids);
  const after = await settledCpuMs(subject.child, 120_000);
  const countsAfter = await world.counts();
  const acks = sends.filter((s) => s.status === 200).map((s) => s.ackMs ?? Number.NaN);
  const e2e = endToEnd(sends, toldAt);
  const work = { starts: 0, posts: 0, updates: 0, responses: 0, platformCalls: 0, slackCalls: 0 };
  for (const key of Object.keys(work) as (keyof WorldCounts)[])
    work[key] = countsAfter[key] - countsBefore[key];
  return {
    sent: sends.length,
    acked: acks.length,
    told: e2e.length,
    cpuMsPerCommand: (after - before) / Math.max(1, sends.length),
    ackP50: quantile(acks, 0.5),
    ackP99: quantile(acks, 0.99),
    e2eP50: quantile(e2e, 0.5),
    e2eP99: quantile(e2e, 0.99),
    lateP99,
    work,
  };
}

/**
 * When each start was told, once all were or none more came for 10 s (on a busy machine a process
 * starved of CPU can look idle, so idleness alone does not say the work is done).
 */
async function allTold(world: BenchWorld, ids: readonly number[]): Promise<(number | null)[]> {
  let told = await world.outcomes(ids);
  let count = told.filter((at) => at !== null).length;
  let progressAt = Date.now();
  while (count < ids.length && Date.now() - progressAt < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    told = await world.outcomes(ids);
    const now = told.filter((at) => at !== null).length;
    if (now > count) progressAt = Date.now();
    count = now;
  }
  return told;
}

const median = (xs: readonly number[]) => quantile(xs, 0.5);
const LABEL: Record<WorkSubject, string> = {
  'app-sqlite': 'the app (SQLite)',
  'app-redis': 'the app (Redis)',
  'bolt-calls': 'Bolt making the same calls',
  'bolt-card': "Bolt making the app's calls (start, read, card)",
  'bolt-guarded-sqlite': "Bolt making the app's calls and store writes (SQLite)",
  'bolt-guarded-redis': "Bolt making the app's calls and store writes (Redis)",
};

/** Medians over rounds of each measure, and the app's ratio to Bolt making the same calls. */
export function summarise(row: WorkCostRow) {
  const of = (pick: (r: WorkCostRound) => number) => median(row.rounds.map(pick));
  const sum = (pick: (r: WorkCostRound) => number) => row.rounds.reduce((n, r) => n + pick(r), 0);
  return {
    cpu: of((r) => r.cpuMsPerCommand),
    ackP50: of((r) => r.ackP50),
    ackP99: of((r) => r.ackP99),
    e2eP50: of((r) => r.e2eP50),
    e2eP99: of((r) => r.e2eP99),
    lateP99: Math.max(...row.rounds.map((r) => r.lateP99)),
    sent: sum((r) => r.sent),
    acked: sum((r) => r.acked),
    told: sum((r) => r.told),
    starts: sum((r) => r.work.starts),
    posts: sum((r) => r.work.posts),
    updates: sum((r) => r.work.updates),
    responses: sum((r) => r.work.responses),
    platformCalls: sum((r) => r.work.platformCalls),
    slackCalls: sum((r) => r.work.slackCalls),
  };
}

export function formatWorkCost(rows: readonly WorkCostRow[]): string {
  const lines = [
    '| /exp start, evenly spaced | subject | ms CPU per command (rounds) | CPU ÷ Bolt | CPU ÷ Bolt with the app’s calls | end-to-end p50 / p99 ms | e2e p99 ÷ Bolt | e2e p99 ÷ Bolt with the app’s calls | ack p50 / p99 ms | ack p99 ÷ Bolt | sent / acked / told / platform starts | Slack posts / updates / responses per start | platform / Slack calls per start | sender late p99 ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const s = summarise(row);
    const boltRow = rows.find((r) => r.rate === row.rate && r.subject === 'bolt-calls');
    const bolt = boltRow && summarise(boltRow);
    const cardRow = rows.find((r) => r.rate === row.rate && r.subject === 'bolt-card');
    const card = cardRow && summarise(cardRow);
    const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : 'n/a');
    const per = (n: number) => (s.starts ? (n / s.starts).toFixed(2) : 'n/a');
    lines.push(
      `| ${row.rate}/s | ${LABEL[row.subject]} | ${s.cpu.toFixed(2)} (${row.rounds.map((r) => r.cpuMsPerCommand.toFixed(2)).join(', ')}) | ${ratio(s.cpu, bolt?.cpu)} | ${ratio(s.cpu, card?.cpu)} | ${s.e2eP50.toFixed(1)} / ${s.e2eP99.toFixed(1)} | ${ratio(s.e2eP99, bolt?.e2eP99)} | ${ratio(s.e2eP99, card?.e2eP99)} | ${s.ackP50.toFixed(2)} / ${s.ackP99.toFixed(2)} | ${ratio(s.ackP99, bolt?.ackP99)} | ${s.sent} / ${s.acked} / ${s.told} / ${s.starts} | ${per(s.posts)} / ${per(s.updates)} / ${per(s.responses)} | ${per(s.platformCalls)} / ${per(s.slackCalls)} | ${s.lateP99.toFixed(1)} |`,
    );
  }
  lines.push('', ...formatAgainstGuarded(rows), '', ...formatPairedRounds(rows));
  const incomplete = rows.filter((row) => summarise(row).told < summarise(row).sent);
  if (incomplete.length > 0)
    lines.push(
      '',
      `Not every start was done and told in: ${incomplete.map((r) => `${r.rate}/s ${LABEL[r.subject]}`).join(', ')}. Such a row compares a subject refusing or still queueing with one doing the work: its ratios say nothing about the cost of a start.`,
    );
  return lines.join('\n');
}

/**
 * The app against Bolt making its calls and its store reads and writes on the same kind of store
 * (bench/bolt-guarded.ts): what is left once both do the same work, the app's own layers.
 */
function formatAgainstGuarded(rows: readonly WorkCostRow[]): string[] {
  const lines = [
    "| /exp start, evenly spaced | store | the app ÷ Bolt making the app's calls and store writes: CPU | end-to-end p50 / p99 | ack p50 / p99 |",
    '|---|---|---|---|---|',
  ];
  const pairs = [
    ['SQLite', 'app-sqlite', 'bolt-guarded-sqlite'],
    ['Redis', 'app-redis', 'bolt-guarded-redis'],
  ] as const;
  for (const rate of new Set(rows.map((row) => row.rate))) {
    const of = (subject: WorkSubject) => {
      const row = rows.find((r) => r.rate === rate && r.subject === subject);
      return row && summarise(row);
    };
    for (const [store, appSubject, guardedSubject] of pairs) {
      const app = of(appSubject);
      const guarded = of(guardedSubject);
      if (!app || !guarded) continue;
      type Summary = ReturnType<typeof summarise>;
      const ratio = (pick: (s: Summary) => number) => (pick(app) / pick(guarded)).toFixed(2);
      lines.push(
        `| ${rate}/s | ${store} | ${ratio((s) => s.cpu)} | ${ratio((s) => s.e2eP50)} / ${ratio((s) => s.e2eP99)} | ${ratio((s) => s.ackP50)} / ${ratio((s) => s.ackP99)} |`,
      );
    }
  }
  return lines;
}
