import type { AddressInfo } from 'node:net';
import { App, LogLevel } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerFailureAnswers } from '../listener-failure-answers.js';
import { en, ru } from '../messages/index.js';
import { SlackHttpReceiver } from './http-receiver.js';
import { signedPost } from './signed-post.test-helper.js';
import { silentLogger } from './silent-logger.test-helper.js';

// Bolt's App with an error handler that logs and returns (as register.ts gives it): a listener that
// throws before its ack leaves processEvent resolved and the request unacked. The receiver must
// still answer it, at once, with what the person's surface shows.

const SECRET = 'unacked-failure-test-secret';
let receiver: SlackHttpReceiver;
let url: string;
const handled: string[] = [];

beforeAll(async () => {
  receiver = new SlackHttpReceiver({
    checks: { signingSecret: SECRET, claimOnce: async () => true },
    routes: { get: {}, post: {} },
    readAhead: (body) => (body.user_id === 'URU' || JSON.stringify(body).includes('URU') ? { ru: true } : {}),
    logger: silentLogger,
    listenerFailureAnswers: (ahead) => listenerFailureAnswers(ahead.ru ? ru : en),
    storeUnavailableWords: () => Promise.reject(new Error('no claim fails here')),
    respond: () => Promise.reject(new Error('no claim fails here')),
  });
  const app = new App({
    receiver,
    authorize: async () => ({ botToken: 'xoxb-test', botId: 'B1', botUserId: 'U1' }),
    logLevel: LogLevel.ERROR,
  });
  const fail = async () => {
    throw new Error('failed before its ack');
  };
  app.command('/exp', fail);
  app.view('exp_form', fail);
  app.options('exp_pick', fail);
  app.action('exp_button', fail);
  app.error(async (error) => {
    handled.push(error.message);
  });
  const server = await receiver.start(0);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
});

afterAll(async () => {
  await receiver.stop();
});

const signed = (body: string, contentType: string) => signedPost(url, SECRET, body, contentType);

const FORM = 'application/x-www-form-urlencoded';
const payload = (value: Record<string, unknown>) =>
  signed(`payload=${encodeURIComponent(JSON.stringify(value))}`, FORM);

/** The answer's body, and how long it took (well under Slack's 3 s: no timer runs out first). */
async function answered(response: ReturnType<typeof signed>) {
  const started = Date.now();
  const res = await response;
  const text = await res.body.text();
  return {
    status: res.statusCode,
    body: text === '' ? undefined : JSON.parse(text),
    ms: Date.now() - started,
  };
}

describe('a listener that throws before its ack, with an error handler that returns', () => {
  it('a modal submission: the modal is replaced by a notice that nothing was done, in the person’s language', async () => {
    const view = {
      id: 'V1',
      type: 'modal',
      callback_id: 'exp_form',
      state: { values: {} },
      private_metadata: '',
    };
    const body = { type: 'view_submission', team: { id: 'T1' }, user: { id: 'URU' }, view, api_app_id: 'A1' };
    const { status, body: answer, ms } = await answered(payload(body));
    expect(status).toBe(200);
    expect(ms).toBeLessThan(2_000);
    expect(answer.response_action).toBe('update');
    expect(answer.view.title.text).toBe(ru.errors.listenerFailedTitle);
    expect(JSON.stringify(answer.view.blocks)).toContain(ru.errors.listenerFailed.slice(0, 40));
    expect(handled).toContain('failed before its ack');
  });

  it('a slash command: the ephemeral line', async () => {
    const body = 'command=%2Fexp&text=start%204&team_id=T1&user_id=U1&trigger_id=1.2';
    const { status, body: answer } = await answered(signed(body, FORM));
    expect(status).toBe(200);
    expect(answer).toEqual({ response_type: 'ephemeral', text: en.errors.listenerFailed });
  });

  it('an options request: no options rather than an error', async () => {
    const body = {
      type: 'block_suggestion',
      action_id: 'exp_pick',
      block_id: 'b',
      value: 'a',
      team: { id: 'T1' },
      user: { id: 'U1' },
    };
    const { status, body: answer } = await answered(payload(body));
    expect(status).toBe(200);
    expect(answer).toEqual({ options: [] });
  });

  it('a button: an empty 200 (the message stays as it was)', async () => {
    const body = {
      type: 'block_actions',
      team: { id: 'T1' },
      user: { id: 'U1' },
      actions: [{ action_id: 'exp_button', block_id: 'b', type: 'button', value: '1', action_ts: '1' }],
    };
    const { status, body: answer } = await answered(payload(body));
    expect(status).toBe(200);
    expect(answer).toBeUndefined();
  });
});
