import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Every input is bounded before any work: a member cannot stall everyone with one long command.
// Measured as the event loop's longest stall while worst-case inputs are handled (not wall-clock
// asserts on a shared machine): the bound is generous and still 10x below what the unbounded edit
// distance cost (1.6 s for a 40,000-character dictionary name).

const CHANNEL = 'C0GENERAL';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const reply = (pattern: RegExp) =>
  h.emulator.waitFor(
    () => h.emulator.messages(CHANNEL).find((m) => m.ephemeral && pattern.test(messageText(m))),
    { timeoutMs: 8000, message: `no reply matching ${pattern}` },
  );

describe('bounded inputs', () => {
  it('answers a 40,000-character command at once and reads none of it', async () => {
    const res = await h.driver.command({ text: `dict ${'x'.repeat(40_000)}` });
    expect(res.status).toBe(200);
    expect(messageText({ text: res.body })).toContain('characters long');
    expect(res.body).toContain('40005');
  });

  it('keeps the event loop free while the longest accepted inputs are handled', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const worst = [
      `dict ${'q'.repeat(3_990)}`,
      `${'z'.repeat(3_990)}`,
      `list ${'a b '.repeat(990)}`,
      // The longest stop comment taken (STOP_COMMENT_MAX); a longer one is refused as it is read.
      `stop 4 other ${'w'.repeat(3_000)}`,
      `stop 4 other ${'w'.repeat(3_980)}`,
      `audit ${'1 '.repeat(1_990)}`,
      `policy set start ${'@g '.repeat(1_300)}`,
    ];
    const results = await Promise.all([
      ...worst.map((text) => h.driver.command({ text })),
      h.driver.command({ text: 'help' }),
    ]);
    histogram.disable();
    for (const res of results) expect(res.status).toBe(200);
    // Nanoseconds: no single stall of 150 ms or more (the unbounded version stalled 1,600 ms).
    expect(histogram.max / 1e6).toBeLessThan(150);
    await reply(/Unknown command `z+…?`/);
  });
});
