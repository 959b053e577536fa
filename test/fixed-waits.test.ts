import { describe, expect, it } from 'vitest';
import { fixedWaits, fixedWaitsIn, testSources } from './support/fixed-waits.js';

// A test waits for what it means to see (an event, a poll of its condition with a deadline, the
// app's idle(), the instant a clock decides), not a guess at how long that takes. A fixed wait of
// 100 ms or more stays only where the window is the point (nothing may happen in it, or a fault
// lasts that long), with a comment saying so.

const MIN_MS = 100;
const MAX_FIXED_WAITS = 5;

describe('fixed waits in tests', () => {
  it('are read in each form a test writes them, constants included', () => {
    const text = [
      'const DOWN_MS = 300;',
      'await new Promise((r) => setTimeout(r, 100));',
      'await new Promise((resolve) => setTimeout(() => resolve(), DOWN_MS + 1));',
      'await sleep(150);',
      'await setTimeout(1_000);',
      'await sleep(99);',
      // A deadline, a fault's end, a wait computed from the clock: none is a fixed wait.
      "setTimeout(() => reject(new Error('late')), 900);",
      'setTimeout(() => outage.restore(), 600);',
      'await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));',
    ].join('\n');
    expect(fixedWaits('sample.ts', text, MIN_MS).map(({ line, ms }) => ({ line, ms }))).toEqual([
      { line: 2, ms: 100 },
      { line: 3, ms: 301 },
      { line: 4, ms: 150 },
      { line: 5, ms: 1000 },
    ]);
  });

  it(`of ${MIN_MS} ms or more number at most ${MAX_FIXED_WAITS}`, () => {
    const waits = fixedWaitsIn(testSources(), MIN_MS).map((w) => `${w.file}:${w.line} ${w.ms} ms`);
    expect(waits.length, `fixed waits:\n${waits.join('\n')}`).toBeLessThanOrEqual(MAX_FIXED_WAITS);
  });
});
