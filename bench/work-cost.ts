import { startBenchWorld } from './bench-world.js';
import { run, settleAll, settledCpuMs, spawnSubject } from './load.js';

// What one `/exp start` costs with the work after its ack included, against Bolt making the same
// calls (bench/bolt-with-calls.ts) and bare Bolt's no-op ack. Acks per second cannot say this:
// the work follows the ack, so a subject can ack faster than it works and leave a backlog. Here
// each subject takes the load, then is left until it uses no more CPU, and the CPU its process
// used (from /proc) is divided by the commands it acked: the work of every one of them included.

export interface WorkCostRow {
  subject: 'app' | 'bolt-calls' | 'bolt';
  /** ms of CPU per command, one per round. */
  cpuMs: number[];
  /** Commands acked per second while the load ran, one per round. */
  rps: number[];
  /** Acks that were not 200, and connection errors. */
  errors: number;
}

export interface WorkCostOptions {
  connections: number;
  durationS: number;
  rounds: number;
}

export async function workCostBenchmark(options: WorkCostOptions): Promise<WorkCostRow[]> {
  const world = await startBenchWorld('bench');
  const { env } = world;
  const subjects = [
    await spawnSubject('app', 'src/main.ts', env),
    await spawnSubject('bolt', 'bench/bolt-with-calls.ts', env),
    await spawnSubject('bolt', 'bench/bare-bolt.ts', env),
  ];
  const names: WorkCostRow['subject'][] = ['app', 'bolt-calls', 'bolt'];
  const rows = names.map((subject): WorkCostRow => ({ subject, cpuMs: [], rps: [], errors: 0 }));
  const make = world.command('start 4');
  try {
    // Warm-up: each subject's first platform call, card and code paths.
    for (const subject of subjects) await run(subject.url, options.connections, 1, make);
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? [0, 1, 2] : [2, 1, 0];
      for (const i of order) {
        const subject = subjects[i];
        const row = rows[i];
        if (!subject || !row) continue;
        process.stderr.write(`bench: work cost of /exp start x${options.connections} → ${row.subject}\n`);
        await settleAll(
          subjects.map((s) => s.child),
          120_000,
        );
        const before = await settledCpuMs(subject.child, 120_000);
        const { result } = await run(subject.url, options.connections, options.durationS, make);
        const after = await settledCpuMs(subject.child, 120_000);
        row.cpuMs.push((after - before) / Math.max(1, result.requests.total));
        row.rps.push(result.requests.average);
        row.errors += result.errors + result.timeouts + result.non2xx;
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

export function formatWorkCost(rows: readonly WorkCostRow[], connections: number): string {
  const app = rows.find((r) => r.subject === 'app');
  const label = {
    app: 'the app',
    'bolt-calls': 'Bolt making the same calls',
    bolt: 'bare Bolt (no-op ack, no work)',
  } as const;
  const lines = [
    `| /exp start x${connections}, work included | ms CPU per command (rounds) | ÷ the app | acks/s while loaded | errors |`,
    '|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const cpu = median(row.cpuMs);
    lines.push(
      `| ${label[row.subject]} | ${cpu.toFixed(2)} (${row.cpuMs.map((x) => x.toFixed(2)).join(', ')}) | ${app ? (cpu / median(app.cpuMs)).toFixed(2) : 'n/a'} | ${median(row.rps).toFixed(0)} | ${row.errors} |`,
    );
  }
  return lines.join('\n');
}
