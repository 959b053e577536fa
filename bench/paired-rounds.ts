import { median } from './load.js';
import type { WorkCostRow, WorkSubject } from './work-cost.js';

// CPU ratios taken round by round. The rounds of one rate run each subject in turn (forwards, then
// backwards), so a round of the app and the same round of a baseline are less than a minute apart,
// while the first and the last round at a rate are several minutes apart. This machine's speed
// moves over minutes (docs/benchmarks.md, "Method"), so the ratio of two medians can pair a fast
// round of one subject with a slow round of the other. The median of the rounds' own ratios pairs
// each round with its neighbour in time.

const PAIRS: readonly { label: string; of: WorkSubject; to: WorkSubject }[] = [
  { label: 'the app (SQLite) ÷ Bolt making the same calls', of: 'app-sqlite', to: 'bolt-calls' },
  { label: 'the app (Redis) ÷ Bolt making the same calls', of: 'app-redis', to: 'bolt-calls' },
  {
    label: 'written by hand (SQLite) ÷ Bolt making the same calls',
    of: 'bolt-guarded-sqlite',
    to: 'bolt-calls',
  },
  {
    label: 'written by hand (Redis) ÷ Bolt making the same calls',
    of: 'bolt-guarded-redis',
    to: 'bolt-calls',
  },
  { label: 'the app ÷ written by hand (SQLite)', of: 'app-sqlite', to: 'bolt-guarded-sqlite' },
  { label: 'the app ÷ written by hand (Redis)', of: 'app-redis', to: 'bolt-guarded-redis' },
];

/** Each round's CPU ratio `of ÷ to` at one rate, in round order; empty when either row is missing. */
export function roundRatios(
  rows: readonly WorkCostRow[],
  rate: number,
  of: WorkSubject,
  to: WorkSubject,
): number[] {
  const cpu = (subject: WorkSubject) =>
    rows.find((row) => row.rate === rate && row.subject === subject)?.rounds.map((r) => r.cpuMsPerCommand) ??
    [];
  const a = cpu(of);
  const b = cpu(to);
  return a.flatMap((value, i) => {
    const base = b[i];
    return base === undefined || base <= 0 ? [] : [value / base];
  });
}

export function formatPairedRounds(rows: readonly WorkCostRow[]): string[] {
  const lines = [
    '| /exp start, evenly spaced | CPU a start, round by round | median of the rounds’ ratios | each round’s ratio |',
    '|---|---|---|---|',
  ];
  for (const rate of new Set(rows.map((row) => row.rate)))
    for (const pair of PAIRS) {
      const ratios = roundRatios(rows, rate, pair.of, pair.to);
      if (ratios.length === 0) continue;
      lines.push(
        `| ${rate}/s | ${pair.label} | ${median(ratios).toFixed(2)} | ${ratios.map((r) => r.toFixed(2)).join(', ')} |`,
      );
    }
  return lines;
}
