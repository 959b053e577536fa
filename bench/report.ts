import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { type BudgetRow, pairedCpuRatio } from './budgets.js';
import type { Measurements } from './suite.js';

// The report `npm run bench` prints (Markdown tables, pasted as they are into docs/benchmarks.md)
// and the results file it writes.

const against = process.env.BENCH_AGAINST !== undefined;
const LABEL: Record<string, string> = {
  'app-sqlite': 'the app (SQLite)',
  'app-redis': 'the app (Redis)',
  'guarded-sqlite': against ? 'the other build (SQLite)' : 'lean guarded start (SQLite)',
  'guarded-redis': against ? 'the other build (Redis)' : 'lean guarded start (Redis)',
  'bolt-calls': "Bolt making the app's calls",
  'bare-bolt': 'bare Bolt',
};
const label = (subject: string) => LABEL[subject] ?? subject;
const f = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const mb = (kb: number) => f(kb / 1024, 0);

export interface Machine {
  node: string;
  cpu: string;
  cpus: number;
  /** Load average (1 min) when the run began and when it ended: other work on the machine. */
  loadBefore: number;
  loadAfter: number;
}

export function machineNow(): Pick<Machine, 'node' | 'cpu' | 'cpus' | 'loadBefore'> {
  const list = cpus();
  return {
    node: process.version,
    cpu: list[0]?.model ?? 'unknown',
    cpus: list.length,
    loadBefore: loadavg()[0] ?? 0,
  };
}

export function formatReport(
  m: Measurements,
  rows: readonly BudgetRow[],
  machine: Machine,
  quick: boolean,
): string {
  const out = [
    `${quick ? 'BENCH_QUICK=1: a smoke run, its figures mean nothing. ' : ''}Node ${machine.node}, ${machine.cpus} × ${machine.cpu}, load average ${f(machine.loadBefore, 2)} before and ${f(machine.loadAfter, 2)} after.`,
    '',
    '| budget | measured | limit | verdict |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.budget} | ${r.measured} | ${r.limit} | ${r.pass ? 'holds' : 'FAILS'} |`),
  ];
  if (m.start.length > 0) {
    out.push(
      '',
      `| /exp start, ${m.start[0]?.rate}/s | CPU ms a start: median (rounds) | ack p50 / p99 ms | outcome p50 / p99 ms | sent / told / platform starts / refused | peak RSS MB | sender late p99 ms |`,
      '|---|---|---|---|---|---|---|',
    );
    for (const row of m.start)
      out.push(
        `| ${label(row.subject)} | ${f(row.cpuMsPerStart, 2)} (${row.rounds.map((r) => f(r.cpuMsPerStart, 2)).join(', ')}) | ${f(row.ackP50, 2)} / ${f(row.ackP99, 2)} | ${f(row.outcomeP50)} / ${f(row.outcomeP99)} | ${row.sent} / ${row.told} / ${row.platformStarts} / ${row.refused} | ${mb(row.peakRssKb)} | ${f(Math.max(...row.rounds.map((r) => r.lateP99)))} |`,
      );
    out.push(...pairedLines(m));
  }
  const idle = Object.entries(m.idleRssKb);
  if (idle.length > 0)
    out.push(
      '',
      '| idle, once started | RSS MB |',
      '|---|---|',
      ...idle.map(([s, kb]) => `| ${label(s)} | ${mb(kb)} |`),
    );
  if (m.help.length > 0) {
    out.push(
      '',
      '| /exp help | connections | ack p50 / p99 ms | answers a second | answered / failed / not 200 |',
      '|---|---|---|---|---|',
    );
    for (const row of m.help)
      out.push(
        `| ${label(row.subject)} | ${row.connections} | ${f(row.ackP50, 2)} / ${f(row.ackP99, 2)} | ${f(row.perSecond, 0)} | ${row.answered} / ${row.failed} / ${row.non2xx} |`,
      );
  }
  return out.join('\n');
}

/** Each round's CPU ratio of the app to its lean guarded start, the figures behind the budget. */
function pairedLines(m: Measurements): string[] {
  const lines: string[] = [];
  for (const [store, app, lean] of [
    ['SQLite', 'app-sqlite', 'guarded-sqlite'],
    ['Redis', 'app-redis', 'guarded-redis'],
  ] as const) {
    const of = m.start.find((row) => row.subject === app);
    const to = m.start.find((row) => row.subject === lean);
    if (!of || !to) continue;
    const rounds = of.rounds.map((r, i) =>
      f(r.cpuMsPerStart / (to.rounds[i]?.cpuMsPerStart ?? Number.NaN), 2),
    );
    lines.push(
      `The app ÷ ${against ? 'the other build' : 'the lean guarded start'} (${store}), round by round: ${rounds.join(', ')}; median ${f(pairedCpuRatio(of, to), 2)}.`,
    );
  }
  return lines.length > 0 ? ['', ...lines] : [];
}

export async function writeResults(path: string, results: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
}
