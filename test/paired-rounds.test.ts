import { describe, expect, it } from 'vitest';
import { median, roundRatios } from '../bench/loads/paired-rounds.js';

// The start benchmark's CPU ratio: each round of one subject against the same round of its
// baseline (seconds apart), then the median of those ratios, so a drift of the machine over the
// run does not pair a fast round with a slow one.

describe('paired rounds', () => {
  it('pairs each round with the same round of the other subject', () => {
    // The machine slows down over the run: both subjects' rounds rise together, the app always 1.2 ×.
    expect(roundRatios([2.4, 3.6, 4.8], [2.0, 3.0, 4.0]).map((r) => r.toFixed(2))).toEqual([
      '1.20',
      '1.20',
      '1.20',
    ]);
    // The ratio of the medians would say 3.6 / 3.0 = 1.2 here too; with the rounds out of step it would not:
    expect(median(roundRatios([2.4, 3.6, 4.8], [3.0, 3.0, 6.0]))).toBeCloseTo(0.8);
  });

  it('leaves out a round the other subject lacks or could not measure', () => {
    expect(roundRatios([2, 2, 2], [1, 0])).toEqual([2]);
    expect(roundRatios([2, 2], [])).toEqual([]);
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
