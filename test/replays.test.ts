import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionExecutedCallback, userContextOf } from '../src/dev/slack-emulator/function-executed.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Replays and Slack's retries: the same signed body (its trigger_id makes every genuine request's
// body unique) acts once, across replicas, for longer than the signature window, whether it comes
// back as an exact copy or with x-slack-retry-num.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const USER = EMULATOR_DEFAULTS.userId;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const posts = (path: string) =>
  h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(path));

const send = (body: string, extra?: Record<string, string>) => h.driver.signed(body, extra);

describe('replays and retries', () => {
  it('answers the same options request twice (a person typing the same query again)', async () => {
    const body = `payload=${encodeURIComponent(
      JSON.stringify({
        type: 'block_suggestion',
        team: { id: EMULATOR_DEFAULTS.teamId },
        user: { id: USER, team_id: EMULATOR_DEFAULTS.teamId },
        action_id: 'not_registered',
        block_id: 'b',
        value: 'gro',
      }),
    )}`;
    for (let i = 0; i < 2; i++) {
      const res = await send(body);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ options: [] });
    }
  });

  it('acts once on a slash command sent twice, and once more with x-slack-retry-num', async () => {
    const form = h.driver.commandForm({ text: 'start 123' });
    const first = await send(form);
    const replay = await send(form);
    const retried = await send(form, { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' });
    expect([first.status, replay.status, retried.status]).toEqual([200, 200, 200]);
    await h.emulator.waitFor(() => posts('/experiments/v1/123/start').length >= 1, {
      message: 'start 123 did not run',
    });
    await h.app.idle();
    expect(posts('/experiments/v1/123/start')).toHaveLength(1);
  });

  it('acts once on a button click replayed', async () => {
    await h.driver.command({ text: 'show 7' });
    const card = await h.emulator.waitFor(
      () => h.emulator.messages(CHANNEL).find((m) => m.ephemeral && /Experiment 7/.test(messageText(m))),
      { message: 'no card' },
    );
    const elements = (card.blocks ?? []).flatMap(
      (b) =>
        ((b as { elements?: unknown[] }).elements ?? []) as Array<{ action_id?: string; value?: string }>,
    );
    const button = elements.find((e) => e.action_id === 'exp_lifecycle_start');
    expect(button?.value).toBeDefined();
    const payload = {
      type: 'block_actions',
      team: { id: EMULATOR_DEFAULTS.teamId, domain: 'emulator' },
      user: { id: USER, team_id: EMULATOR_DEFAULTS.teamId },
      api_app_id: EMULATOR_DEFAULTS.appId,
      trigger_id: h.emulator.mintTriggerId({ userId: USER }),
      response_url: h.emulator.mintResponseUrl({ channelId: CHANNEL, userId: USER }),
      channel: { id: CHANNEL, name: 'general' },
      container: { type: 'message', channel_id: CHANNEL, message_ts: card.ts, is_ephemeral: true },
      actions: [
        {
          action_id: 'exp_lifecycle_start',
          block_id: 'b',
          type: 'button',
          value: button?.value,
          action_ts: '1700000000.000001',
        },
      ],
    };
    const body = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
    expect((await send(body)).status).toBe(200);
    expect((await send(body)).status).toBe(200);
    await h.emulator.waitFor(() => posts('/experiments/v1/7/start').length >= 1, {
      message: 'start 7 did not run',
    });
    await h.app.idle();
    expect(posts('/experiments/v1/7/start')).toHaveLength(1);
    // The copy never reached the click guard (which would have answered "already being handled"):
    // it was known as the same request, however long after the first it came.
    expect(
      h.emulator.messages(CHANNEL).filter((m) => /Already being handled/.test(messageText(m))),
    ).toHaveLength(0);
  });

  it('acts once on a signed function_executed replayed whose text holds &payload= (JSON, not a form)', async () => {
    // An options request's payload, form-encoded, inside a string of the event: read as a form
    // body, the event looked like an options request, which skips the replay guard.
    const suggestion = encodeURIComponent(
      JSON.stringify({
        type: 'block_suggestion',
        team: { id: EMULATOR_DEFAULTS.teamId },
        user: { id: USER, team_id: EMULATOR_DEFAULTS.teamId },
        action_id: 'exp_anything',
        value: 'x',
      }),
    );
    const identity = h.emulator.identity;
    const execution = h.emulator.startFunctionExecution({
      callbackId: 'stop_experiment',
      teamId: identity.teamId,
      inputs: {
        user_context: userContextOf(USER),
        experiment_id: '8',
        channel_id: CHANNEL,
        reason: 'bug',
        comment: `see a&payload=${suggestion}&b`,
      },
    });
    const event = functionExecutedCallback(
      {
        teamId: identity.teamId,
        enterpriseId: identity.enterpriseId,
        apiAppId: identity.appId,
        botUserId: identity.botUserId,
      },
      execution,
    );
    expect((await h.driver.event(event)).status).toBe(200);
    await h.emulator.waitFor(() => posts('/experiments/v1/8/stop').length >= 1, {
      message: 'stop 8 did not run',
    });
    expect((await h.driver.event(event)).status).toBe(200);
    await h.app.idle();
    expect(posts('/experiments/v1/8/stop')).toHaveLength(1);
  });
});
