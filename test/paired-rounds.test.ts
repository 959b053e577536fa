import { describe, expect, it } from 'vitest';
import { median } from '../bench/load.js';
import { formatPairedRounds, roundRatios } from '../bench/paired-rounds.js';
import type { WorkCostRound, WorkCostRow, WorkSubject } from '../bench/work-cost.js';

// The start benchmark's headline CPU ratios: each round of one subject against the same round of
// another (less than a minute apart), then the median of those ratios, so a drift of the machine over the run
// does not pair a fast round with a slow one.

const round = (cpuMsPerCommand: number): WorkCostRound => ({
  sent: 10,
  acked: 10,
  told: 10,
  cpuMsPerCommand,
  ackP50: 1,
  ackP99: 2,
  e2eP50: 3,
  e2eP99: 4,
  lateP99: 0,
  work: { starts: 10, posts: 10, updates: 0, responses: 0, platformCalls: 20, slackCalls: 10 },
});
const row = (subject: WorkSubject, rate: number, cpu: number[]): WorkCostRow => ({
  subject,
  rate,
  rounds: cpu.map(round),
});

describe('paired rounds', () => {
  // The machine slows down over the run: both subjects' rounds rise together, the app always 1.2 ×.
  const rows = [
    row('app-redis', 100, [2.4, 3.6, 4.8]),
    row('bolt-calls', 100, [2.0, 3.0, 4.0]),
    row('bolt-guarded-redis', 100, [3.0, 3.0, 6.0]),
  ];

  it('pairs each round with the same round of the other subject', () => {
    expect(roundRatios(rows, 100, 'app-redis', 'bolt-calls').map((r) => r.toFixed(2))).toEqual([
      '1.20',
      '1.20',
      '1.20',
    ]);
    // The ratio of the medians would say 3.6 / 3.0 = 1.2 here too; with the rounds out of step it would not:
    expect(median(roundRatios(rows, 100, 'app-redis', 'bolt-guarded-redis'))).toBeCloseTo(0.8);
  });

  it('leaves out a round the other subject lacks or could not measure, and a missing row', () => {
    const uneven = [row('app-redis', 300, [2, 2, 2]), row('bolt-calls', 300, [1, 0])];
    expect(roundRatios(uneven, 300, 'app-redis', 'bolt-calls')).toEqual([2]);
    expect(roundRatios(uneven, 300, 'app-sqlite', 'bolt-calls')).toEqual([]);
  });

  it('takes the middle of an odd count and the mean of the two middle values of an even one', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('prints a line for each pair both of whose subjects ran, with every round', () => {
    const lines = formatPairedRounds(rows);
    expect(lines).toContain(
      '| 100/s | the app (Redis) ÷ Bolt making the same calls | 1.20 | 1.20, 1.20, 1.20 |',
    );
    expect(lines).toContain('| 100/s | the app ÷ written by hand (Redis) | 0.80 | 0.80, 1.20, 0.80 |');
    expect(lines.some((line) => line.includes('SQLite'))).toBe(false);
  });
});
