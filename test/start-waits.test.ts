import { Keyv } from 'keyv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// What a `/exp start` waits for, through the real endpoint: a write the outcome does not depend on
// is not waited for before the outcome is told, and the request still ends with it. The record is
// written when the platform answered; the thread its card started is recorded by the next write.
// The record's writes are watched, and held, where the app asks for them (Keyv's set).

type KeyvSet = (this: Keyv, key: string, value: unknown, ttl?: number) => Promise<boolean>;
const proto = Keyv.prototype as unknown as { set: KeyvSet };
const originalSet = proto.set;
/** The experiment records written, in order (what Keyv was handed). */
const records: { experimentId?: number; status?: { value?: string }; threads?: unknown[] }[] = [];
/** Holds the writes of experiment records until it settles. */
let held: Promise<void> | undefined;

function watchRecordWrites() {
  proto.set = async function (this: Keyv, key, value, ttl) {
    if (this.namespace === 'experiments' && key.startsWith('record:')) {
      records.push(value as (typeof records)[number]);
      if (held) await held;
    }
    return originalSet.call(this, key, value, ttl);
  };
}

let h: Harness;
beforeAll(async () => {
  watchRecordWrites();
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
  proto.set = originalSet;
});

/** A draft of its own to start, a copy of the sandbox's draft 4. */
function draft(id: number) {
  const template = h.sandbox.state.experiments.get(4);
  if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4');
  h.sandbox.state.experiments.set(id, { ...template, id, name: `Waits ${id}`, label: `waits_${id}` });
}

const told = (id: number) =>
  h.emulator
    .messages(EMULATOR_DEFAULTS.channelId)
    .some((m) => messageText(m).includes(`started experiment *Waits ${id}* (#${id})`));

describe('what a start waits for', () => {
  it("tells the outcome in the channel while the experiment's record is still being written", async () => {
    draft(9102);
    await h.app.idle();
    let release = () => {};
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const res = await h.driver.command({ text: 'start 9102' });
      expect(res.status).toBe(200);
      await h.emulator.waitFor(() => told(9102), { timeoutMs: 5_000, message: 'start 9102 told' });
      let idle = false;
      void h.app.idle().then(() => {
        idle = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The request is not over while its record is unwritten.
      expect(idle).toBe(false);
    } finally {
      held = undefined;
      release();
    }
    await h.app.idle();
    // The status written first, without waiting for the card; then the thread the card started,
    // remembered over it, not over the record before it: the last write holds both.
    const written = records.filter((r) => r.experimentId === 9102);
    expect(written.map((r) => [r.status?.value, r.threads?.length])).toEqual([
      ['running', 0],
      ['running', 1],
    ]);
  });

  it('writes the record once for an action told in a thread it already has', async () => {
    draft(9103);
    await h.driver.command({ text: 'start 9103' });
    await h.emulator.waitFor(() => told(9103), { timeoutMs: 5_000, message: 'start 9103 told' });
    await h.app.idle();
    records.length = 0;
    const res = await h.driver.command({ text: 'stop 9103 bug Wrong split' });
    expect(res.status).toBe(200);
    await h.app.idle();
    const written = records.filter((r) => r.experimentId === 9103);
    expect(written).toHaveLength(1);
    expect(written[0]?.status?.value).toBe('stopped');
    expect(written[0]?.threads).toHaveLength(1);
  });
});
