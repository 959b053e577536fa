import { median, roundRatios } from './loads/paired-rounds.js';
import type { StartRow } from './loads/start-rounds.js';
import type { Measurements } from './suite.js';

// Issue #52's budgets, each with what this run measured. A budget that fails is reported, never
// turned into a failed run: times depend on the machine and what else runs on it.

export interface BudgetRow {
  budget: string;
  measured: string;
  limit: string;
  pass: boolean;
}

const CPU_RATIO = 1.25;
const ACK_P99_MS = 100;
const OUTCOME_P99_MS = 500;
const HELP_P99_MS = 20;
const IDLE_RATIO = 1.5;
const PEAK_RATIO = 1.5;

const STORES = [
  ['SQLite', 'app-sqlite', 'guarded-sqlite'],
  ['Redis', 'app-redis', 'guarded-redis'],
] as const;

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

export function budgets(m: Measurements): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const start = (subject: string) => m.start.find((row) => row.subject === subject);
  for (const [store, appName, leanName] of STORES) {
    const app = start(appName);
    const lean = start(leanName);
    if (!app) continue;
    if (lean) {
      const ratio = pairedCpuRatio(app, lean);
      rows.push({
        budget: `/exp start CPU ÷ the lean guarded start, ${store}, ${app.rate}/s`,
        measured: `${ratio.toFixed(2)}× (${app.cpuMsPerStart.toFixed(2)} ms against ${lean.cpuMsPerStart.toFixed(2)} ms a start)`,
        limit: `≤ ${CPU_RATIO}×`,
        pass: ratio <= CPU_RATIO,
      });
    }
    rows.push(
      {
        budget: `/exp start ack p99, ${store}, ${app.rate}/s`,
        measured: ms(app.ackP99),
        limit: `≤ ${ACK_P99_MS} ms`,
        pass: app.ackP99 <= ACK_P99_MS,
      },
      {
        budget: `/exp start outcome in the channel p99, ${store}, ${app.rate}/s`,
        measured: ms(app.outcomeP99),
        limit: `≤ ${OUTCOME_P99_MS} ms`,
        pass: app.outcomeP99 <= OUTCOME_P99_MS,
      },
      {
        budget: `every start told, ${store}`,
        measured: `${app.told} of ${app.sent}${app.refused > 0 ? ` (${app.refused} refused as busy)` : ''}`,
        limit: 'all',
        pass: app.told === app.sent,
      },
    );
  }
  const help = m.help.find((row) => row.subject === 'app-sqlite');
  if (help)
    rows.push({
      budget: `/exp help ack p99, ${help.connections} connections`,
      measured: ms(help.ackP99),
      limit: `≤ ${HELP_P99_MS} ms`,
      pass: help.ackP99 <= HELP_P99_MS,
    });
  const bare = m.idleRssKb['bare-bolt'];
  const calls = start('bolt-calls');
  for (const [store, appName] of STORES) {
    const idle = m.idleRssKb[appName];
    if (idle !== undefined && bare)
      rows.push({
        budget: `idle RSS ÷ bare Bolt, ${store}`,
        measured: `${(idle / bare).toFixed(2)}× (${mb(idle)} against ${mb(bare)})`,
        limit: `≤ ${IDLE_RATIO}×`,
        pass: idle / bare <= IDLE_RATIO,
      });
    const app = start(appName);
    if (app && calls && m.benchmarks.includes('memory'))
      rows.push({
        budget: `peak RSS under the start load ÷ Bolt making the app's calls, ${store}`,
        measured: `${(app.peakRssKb / calls.peakRssKb).toFixed(2)}× (${mb(app.peakRssKb)} against ${mb(calls.peakRssKb)})`,
        limit: `≤ ${PEAK_RATIO}×`,
        pass: app.peakRssKb / calls.peakRssKb <= PEAK_RATIO,
      });
  }
  return rows;
}

/** The median of the rounds' own CPU ratios (loads/paired-rounds.ts). */
export function pairedCpuRatio(of: StartRow, to: StartRow): number {
  return median(
    roundRatios(
      of.rounds.map((r) => r.cpuMsPerStart),
      to.rounds.map((r) => r.cpuMsPerStart),
    ),
  );
}

/**
 * What makes the run fail: a wrong answer or an error a subject logged, never a time. A start made
 * twice, or made and never told, is wrong on any machine. A start refused or not acked in time is
 * what an overloaded machine does, except in the quick run: at its few starts every subject must
 * ack and tell each, or a broken subject would pass CI unseen.
 */
export function wrongAnswers(m: Measurements, quick: boolean): string[] {
  const problems: string[] = [];
  for (const row of m.start) {
    const of = `${row.subject}, ${row.sent} starts`;
    if (row.platformStarts > row.sent) problems.push(`${of}: ${row.platformStarts} made on the platform`);
    if (row.platformStarts > row.told)
      problems.push(`${of}: ${row.platformStarts - row.told} made but never told`);
    if (quick && row.acked < row.sent) problems.push(`${of}: ${row.sent - row.acked} not acked with 200`);
    if (quick && row.told < row.sent) problems.push(`${of}: ${row.sent - row.told} never told`);
  }
  for (const row of m.help)
    if (row.non2xx > 0) problems.push(`${row.subject}: ${row.non2xx} /exp help answers other than 200`);
  for (const [subject, lines] of Object.entries(m.errors))
    if (lines.length > 0) problems.push(`${subject} logged errors:\n${lines.join('\n')}`);
  return problems;
}
