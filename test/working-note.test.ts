import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// `/exp start` is acked with nothing shown; "Working on it…" appears only when the outcome takes
// longer than a second (the app's default), and then makes way for the outcome.
const CHANNEL = EMULATOR_DEFAULTS.channelId;
const SLOW_MS = 1_600;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { CONSOLE_TIMEOUT_MS: '5000' } });
});
afterAll(async () => {
  h?.sandbox.setLatency(0);
  await h?.close();
});

const repliesTo = (responseUrl: string) =>
  h.emulator.responsePosts.filter((p) => responseUrl.endsWith(`/${p.id}`)).map((p) => p.body);
const notes = () =>
  h.emulator
    .messages(CHANNEL)
    .filter((m) => m.ephemeral && /Working on it/.test(messageText(m)))
    .map(messageText);

describe('the working note of a lifecycle command', () => {
  it('is not shown when the outcome comes quickly: nothing goes to the response_url', async () => {
    const ack = await h.driver.command({ text: 'start 4' });
    expect(ack.status).toBe(200);
    expect(ack.body).toBe('');
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .some((m) => /started experiment \*Onboarding tour\* \(#4\)/.test(messageText(m))),
      { timeoutMs: 5000, message: 'the start was not told in the channel' },
    );
    await h.app.idle();
    expect(repliesTo(ack.responseUrl)).toEqual([]);
    expect(notes()).toEqual([]);
  });

  it('is shown while the platform is slow, then deleted once the channel has the result', async () => {
    h.sandbox.setLatency(SLOW_MS, { pathIncludes: '/start' });
    try {
      const ack = await h.driver.command({ text: 'start 7' });
      const note = await h.emulator.waitFor(() => notes()[0], {
        timeoutMs: SLOW_MS,
        message: 'no working note while the platform was slow',
      });
      const working = 'Working on it: *start* experiment *7*…';
      expect(note).toContain(working);
      await h.emulator.waitFor(
        () =>
          h.emulator
            .messages(CHANNEL)
            .some((m) => /started experiment \*Delivery slot hints: retro\* \(#7\)/.test(messageText(m))),
        { timeoutMs: 5000, message: 'the start was not told in the channel' },
      );
      await h.app.idle();
      expect(notes()).toEqual([]);
      expect(repliesTo(ack.responseUrl)).toEqual([
        expect.objectContaining({ response_type: 'ephemeral', text: working }),
        { delete_original: true },
      ]);
    } finally {
      h.sandbox.setLatency(0);
    }
  });

  it('is replaced by what went wrong when the slow platform refuses', async () => {
    h.sandbox.setLatency(SLOW_MS, { pathIncludes: '/start' });
    h.sandbox.failNext(
      { status: 400, body: '{"message":"Experiment has no variants"}', contentType: 'application/json' },
      { method: 'POST', pathIncludes: '/experiments/v1/123/start' },
    );
    try {
      const ack = await h.driver.command({ text: 'start 123' });
      await h.emulator.waitFor(() => notes()[0], { timeoutMs: SLOW_MS, message: 'no working note' });
      await h.emulator.waitFor(() => notes().length === 0 && repliesTo(ack.responseUrl).length === 2, {
        timeoutMs: 5000,
        message: 'the note was not replaced',
      });
      await h.app.idle();
      const [, answer] = repliesTo(ack.responseUrl);
      expect(answer).toMatchObject({ response_type: 'ephemeral', replace_original: true });
      expect(JSON.stringify(answer)).toContain('Experiment has no variants');
      expect(h.sandbox.state.experiments.get(123)?.status).not.toBe('running');
    } finally {
      h.sandbox.setLatency(0);
    }
  });
});
