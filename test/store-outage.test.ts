import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { elementOf } from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { startRedisServer } from './support/redis-server.js';

// The app's store goes away mid-service (its own redis-server, killed): a command, a click and a
// form's submission are each refused before anything runs (their replay claims cannot be made),
// saying the store is unavailable and nothing was done, and nothing reaches the platform. Needs redis-server on the machine (.ci/run installs it); fails loudly without it.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const PORT = 6400 + Math.floor(Math.random() * 500);
let redis: ChildProcess | undefined;
let h: Harness;

beforeAll(async () => {
  redis = await startRedisServer(PORT);
  h = await startHarness({ env: { STORE_URL: `redis://127.0.0.1:${PORT}` } });
});
afterAll(async () => {
  await h?.close();
  // A process killed by a signal has no exit code, only a signal code.
  if (redis && redis.exitCode === null && redis.signalCode === null) {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  }
});

const reply = (pattern: RegExp) =>
  h.emulator.waitFor(
    () => h.emulator.messages(CHANNEL).find((m) => m.ephemeral && pattern.test(messageText(m))),
    { timeoutMs: 8000, message: `no reply matching ${pattern}` },
  );

describe('a store outage', () => {
  it('is answered on commands and clicks, and nothing is sent to the platform', async () => {
    await h.driver.command({ text: 'show 4' });
    const card = await reply(/Experiment 4/);
    expect(JSON.stringify(card.blocks)).toContain('exp_lifecycle_start');

    // A stop form and a create form opened before the outage, submitted and typed in during it.
    const views = new Set(h.emulator.views.keys());
    await h.driver.command({ text: 'stop 1' });
    const stopForm = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !views.has(v.id) && v.view.callback_id === 'exp_stop_modal',
        ),
      { timeoutMs: 8000, message: 'the stop form did not open' },
    );
    await h.driver.command({ text: 'create', userId: EMULATOR_DEFAULTS.adminUserId });
    const createForm = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) =>
            !views.has(v.id) &&
            v.view.callback_id === 'exp_experiment_modal' &&
            JSON.stringify(v.view).includes('external_select'),
        ),
      { timeoutMs: 8000, message: 'the create form did not open' },
    );

    redis?.kill('SIGKILL');
    if (redis) await once(redis, 'exit');
    const before = h.sandbox.state.requests.filter((r) => r.method === 'POST').length;

    // Each request is refused before anything runs: its replay claim cannot be made.
    const res = await h.driver.command({ text: 'start 7' });
    expect(res.status).toBe(200);
    const said = messageText(await reply(/cannot reach its own store/));
    expect(said).toBe(
      'The app cannot reach its own store just now, so it did not act: nothing was sent to the platform. Try again in a moment; if it lasts, tell whoever runs the app.',
    );

    const clicked = await h.driver.clickButton(card, 'exp_lifecycle_start');
    expect(clicked.status).toBe(200);
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .filter((m) => m.ephemeral && /cannot reach its own store/.test(messageText(m))).length >= 2,
      { timeoutMs: 8000, message: 'the click got no reply' },
    );
    const submitted = await h.driver.submitView(stopForm.id, {
      exp_stop_reason: {
        exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } },
      },
    });
    // The form stays open with the reason said on its first input: nothing was sent.
    expect(submitted.outcome).toEqual({ kind: 'errors', errors: { exp_stop_reason: said } });
    // A picker's options during the outage: answered at once (no hang, no 500), from what is at hand.
    const started = Date.now();
    const suggested = await h.driver.suggestOptions(
      createForm.id,
      'exp_xm_layer',
      elementOf(createForm, 'exp_xm_layer').action_id as string,
      'rank',
    );
    expect(suggested.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(suggested.json).toEqual({
      options: [
        {
          text: {
            type: 'plain_text',
            text: "The app's store is unavailable: no choices now. Try again in a moment",
            emoji: true,
          },
          value: '__unavailable__',
        },
      ],
    });
    await h.app.idle();
    expect(h.sandbox.state.requests.filter((r) => r.method === 'POST').length).toBe(before);
  });
});
