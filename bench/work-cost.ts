import { BENCH_REDIS_URL, flushBenchRedis } from './bench-redis.js';
import { startBenchWorld } from './bench-world.js';
import { run, spawnSubject } from './load.js';
import { settleAll, settledCpuMs } from './process-stats.js';
import type { WorldCounts } from './world-protocol.js';

// `/exp start` at a steady rate, as people send it, against Bolt making the same calls
// (bench/bolt-with-calls.ts) and bare Bolt's no-op ack. A closed loop (each connection sending
// again as soon as it is acked) cannot compare these: a subject that acks faster than it works
// builds a backlog, then refuses (the app, past its action slots) or fails its calls (the plain Bolt
// app ran out of sockets to the platform), and its CPU per ack drops for doing less. At a rate
// every subject sustains, each does all its work, and three things are comparable: the ack's
// latency with the work of earlier commands running beside it, the CPU each command costs with its
// work included (measured until the process is idle again, from /proc), and the work done, counted
// by the platform and Slack (bench/world-process.ts) for every command acked.

export interface WorkCostRow {
  subject: 'app' | 'app-redis' | 'bolt-calls' | 'bolt';
  /** Commands sent per second. */
  rate: number;
  p50: number[];
  p99: number[];
  /** ms of CPU per command, one per round. */
  cpuMs: number[];
  /** Commands acked (status 200), all rounds. */
  acked: number;
  /** Platform starts, Slack posts and updates, response_url posts, all rounds. */
  work: WorldCounts;
  /** Acks that were not 200, and connection errors. */
  errors: number;
}

export interface WorkCostOptions {
  rates: readonly number[];
  durationS: number;
  rounds: number;
}

const CONNECTIONS = 10;

export async function workCostBenchmark(options: WorkCostOptions): Promise<WorkCostRow[]> {
  const world = await startBenchWorld('bench');
  await flushBenchRedis();
  const subjects = [
    await spawnSubject('app', 'src/main.ts', world.env),
    // As deployed: on Redis every store operation is I/O, between which the event loop reads new
    // requests; on memory:// the work between two HTTP calls runs without a break.
    await spawnSubject('app', 'src/main.ts', { ...world.env, STORE_URL: BENCH_REDIS_URL }),
    await spawnSubject('bolt', 'bench/bolt-with-calls.ts', world.env),
    await spawnSubject('bolt', 'bench/bare-bolt.ts', world.env),
  ];
  const names: WorkCostRow['subject'][] = ['app', 'app-redis', 'bolt-calls', 'bolt'];
  const rows: WorkCostRow[] = [];
  const make = world.command('start 4');
  try {
    // Warm-up: each subject's first platform call, card and code paths.
    for (const subject of subjects) await run(subject.url, CONNECTIONS, 1, make, 50);
    for (const rate of options.rates) {
      const rateRows = names.map(
        (subject): WorkCostRow => ({
          subject,
          rate,
          p50: [],
          p99: [],
          cpuMs: [],
          acked: 0,
          work: { starts: 0, posts: 0, updates: 0, responses: 0 },
          errors: 0,
        }),
      );
      rows.push(...rateRows);
      for (let round = 0; round < options.rounds; round++) {
        const order = round % 2 === 0 ? [0, 1, 2, 3] : [3, 2, 1, 0];
        for (const i of order) {
          const subject = subjects[i];
          const row = rateRows[i];
          if (!subject || !row) continue;
          process.stderr.write(`bench: /exp start at ${rate}/s → ${row.subject}\n`);
          await settleAll(
            subjects.map((s) => s.child),
            120_000,
          );
          const before = await settledCpuMs(subject.child, 120_000);
          const countsBefore = await world.counts();
          const { result, p50, p99 } = await run(subject.url, CONNECTIONS, options.durationS, make, rate);
          const after = await settledCpuMs(subject.child, 120_000);
          const countsAfter = await world.counts();
          const acked = result['2xx'];
          row.p50.push(p50);
          row.p99.push(p99);
          row.cpuMs.push((after - before) / Math.max(1, acked));
          row.acked += acked;
          for (const key of Object.keys(row.work) as (keyof WorldCounts)[])
            row.work[key] += countsAfter[key] - countsBefore[key];
          row.errors += result.errors + result.timeouts + result.non2xx;
        }
      }
    }
  } finally {
    for (const subject of subjects) subject.child.kill('SIGKILL');
    await world.close();
  }
  return rows;
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const LABEL = {
  app: 'the app (memory store)',
  'app-redis': 'the app (Redis store)',
  'bolt-calls': 'Bolt making the same calls',
  bolt: 'bare Bolt (no-op ack, no work)',
} as const;

export function formatWorkCost(rows: readonly WorkCostRow[]): string {
  const lines = [
    '| /exp start, steady rate | subject | ack p50 ms | ack p99 ms | p99 ÷ bare Bolt | ms CPU per command (rounds) | CPU ÷ Bolt with calls | acked | platform starts / Slack posts / updates / responses per ack | errors |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const bare = rows.find((r) => r.rate === row.rate && r.subject === 'bolt');
    const calls = rows.find((r) => r.rate === row.rate && r.subject === 'bolt-calls');
    const cpu = median(row.cpuMs);
    const per = (n: number) => (row.acked ? (n / row.acked).toFixed(2) : 'n/a');
    lines.push(
      `| ${row.rate}/s | ${LABEL[row.subject]} | ${median(row.p50).toFixed(2)} | ${median(row.p99).toFixed(2)} | ${bare ? (median(row.p99) / median(bare.p99)).toFixed(2) : 'n/a'} | ${cpu.toFixed(2)} (${row.cpuMs.map((x) => x.toFixed(2)).join(', ')}) | ${calls ? (cpu / median(calls.cpuMs)).toFixed(2) : 'n/a'} | ${row.acked} | ${per(row.work.starts)} / ${per(row.work.posts)} / ${per(row.work.updates)} / ${per(row.work.responses)} | ${row.errors} |`,
    );
  }
  return lines.join('\n');
}
