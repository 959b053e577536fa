import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, startHarness } from './support/harness.js';

// Every signed request gets an answer within Slack's 3 s: 400 for bodies that are not Slack's
// shape, 200 with nothing done for interactions no listener takes (buttons of older versions).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const TEAM = { id: EMULATOR_DEFAULTS.teamId };
const USER = { id: EMULATOR_DEFAULTS.userId, team_id: EMULATOR_DEFAULTS.teamId };

async function send(payload: string) {
  const body = `payload=${encodeURIComponent(payload)}`;
  const ts = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const res = await h.driver.raw(body, {
    'x-slack-request-timestamp': String(ts),
    'x-slack-signature': signSlackRequest(h.signingSecret, ts, body),
    'content-type': 'application/x-www-form-urlencoded',
  });
  return { ...res, ms: performance.now() - started };
}

describe('malformed and unknown interactions', () => {
  it.each([
    ['null', 'payload is not an object'],
    ['[]', 'payload is not an object'],
    ['{}', 'payload has no type'],
    ['{"type":"block_actions"', 'payload is not JSON'],
    [JSON.stringify({ type: 'block_actions', team: TEAM, user: USER }), 'block_actions without actions'],
    [
      JSON.stringify({ type: 'block_actions', team: { id: 42 }, user: USER, actions: [{ action_id: 'x' }] }),
      'odd team',
    ],
    [
      JSON.stringify({
        type: 'view_submission',
        team: TEAM,
        user: USER,
        view: { id: 'V1', callback_id: 'exp_stop_modal' },
      }),
      'view_submission without view.state.values',
    ],
    [JSON.stringify({ type: 'teleport', team: TEAM, user: USER }), "not one of Slack's interaction types"],
  ])('answers 400 to a signed payload %s', async (payload, problem) => {
    const res = await send(payload);
    expect(res.status).toBe(400);
    expect(res.body).toContain(problem);
    expect(res.ms).toBeLessThan(1000);
  });

  it.each([
    JSON.stringify({
      type: 'block_actions',
      team: TEAM,
      user: USER,
      actions: [{ action_id: 'exp_button_from_version_0', block_id: 'b', type: 'button', value: 'x' }],
    }),
    JSON.stringify({
      type: 'view_submission',
      team: TEAM,
      user: USER,
      view: { id: 'V1', callback_id: 'gone', state: { values: {} } },
    }),
    JSON.stringify({
      type: 'view_closed',
      team: TEAM,
      user: USER,
      view: { id: 'V1', callback_id: 'exp_stop_modal' },
    }),
    JSON.stringify({ type: 'shortcut', team: TEAM, user: USER, callback_id: 'x' }),
  ])('answers 200 at once, doing nothing, to %s', async (payload) => {
    const before = h.sandbox.state.requests.length;
    const res = await send(payload);
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(1000);
    await h.app.idle();
    expect(h.sandbox.state.requests.length).toBe(before);
  });

  it('answers an unknown options request with no options', async () => {
    const res = await send(
      JSON.stringify({ type: 'block_suggestion', team: TEAM, user: USER, action_id: 'gone', value: 'a' }),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ options: [] });
  });

  it('refuses a body over 1 MiB before reading it all', async () => {
    const res = await h.driver.raw(`payload=${'x'.repeat(1_100_000)}`, {
      'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-slack-signature': 'v0=00',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(413);
  });

  it('stops reading a chunked body (no length declared) at 1 MiB, and survives a client that leaves mid-body', async () => {
    const send = (body: (req: ReturnType<typeof request>) => void) =>
      new Promise<number | 'closed'>((resolve) => {
        const req = request(h.app.eventsUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'transfer-encoding': 'chunked',
            'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
            'x-slack-signature': 'v0=00',
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', () => resolve('closed'));
        body(req);
      });
    const tooBig = await send((req) => {
      for (let i = 0; i < 12; i++) req.write('x'.repeat(100_000));
      req.end();
    });
    expect(tooBig).toBe(413);
    const left = await send((req) => {
      req.write('payload=%7B');
      setTimeout(() => req.destroy(), 50);
    });
    expect(left).toBe('closed');
    // The process goes on answering.
    expect((await h.driver.command({ text: 'help' })).status).toBe(200);
  });
});
