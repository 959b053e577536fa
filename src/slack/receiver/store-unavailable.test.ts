import type { AddressInfo } from 'node:net';
import type { App, ReceiverEvent } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { listenerFailureAnswers } from '../listener-failure-answers.js';
import { en } from '../messages/index.js';
import { SlackHttpReceiver } from './http-receiver.js';
import { signedPost } from './signed-post.test-helper.js';
import { silentLogger } from './silent-logger.test-helper.js';

// The receiver over real HTTP with Slack's signature, its replay claim failing as a store that
// cannot be reached fails it: nothing reaches the listeners, and each surface is told so. Each
// request's claim is asked three times (a lost answer may have landed) before it is refused.

const SECRET = 'test-signing-secret';
const logger = silentLogger;
const NOTICE = {
  type: 'modal' as const,
  title: { type: 'plain_text' as const, text: 'Nothing was done' },
  blocks: [],
};

let receiver: SlackHttpReceiver | undefined;
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
});

/** A receiver whose claims fail (or take, with `claims: true`), and what reached it. */
async function receiverWithFailingClaims(claims = false) {
  const seen = { claims: 0, listeners: 0, posted: [] as { url: string; message: Record<string, unknown> }[] };
  receiver = new SlackHttpReceiver({
    checks: {
      signingSecret: SECRET,
      waits: { afterFailure: [1, 1], afterReplay: [1, 1], refusal: 1 },
      claimOnce: async () => {
        seen.claims++;
        if (claims) return true;
        throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
      },
    },
    routes: { get: {}, post: {} },
    readAhead: (body) => (body.user_id === 'URU' ? { language: 'ru' } : {}),
    logger,
    listenerFailureAnswers: () => listenerFailureAnswers(en),
    storeUnavailableWords: async (ahead) => {
      const text = ahead.language === 'ru' ? '*Хранилище* недоступно' : '*Store* unavailable';
      return { text, plain: text.replace(/\*/g, ''), notice: NOTICE };
    },
    respond: async (url, message) => {
      seen.posted.push({ url, message });
    },
  });
  const app = {
    processEvent: async (event: ReceiverEvent) => {
      seen.listeners++;
      await event.ack(event.body.type === 'block_suggestion' ? { options: [] } : undefined);
    },
  };
  receiver.init(app as Partial<App> as App);
  const server = await receiver.start(0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  const send = async (body: string, contentType: string) => {
    const res = await signedPost(url, SECRET, body, contentType);
    return { status: res.statusCode, text: await res.body.text() };
  };
  return {
    seen,
    form: (body: string) => send(body, 'application/x-www-form-urlencoded'),
    json: (body: Record<string, unknown>) => send(JSON.stringify(body), 'application/json'),
    interaction: (payload: Record<string, unknown>) =>
      send(`payload=${encodeURIComponent(JSON.stringify(payload))}`, 'application/x-www-form-urlencoded'),
    send,
  };
}

const who = { user: { id: 'U1', team_id: 'T1' }, team: { id: 'T1' } };
const command = (userId: string) => `command=%2Fexp&text=start+4&team_id=T1&user_id=${userId}&trigger_id=1.2`;
const event = {
  type: 'event_callback',
  team_id: 'T1',
  event_id: 'Ev1',
  event: { type: 'function_executed' },
};
const view = (blocks: unknown[]) => ({
  id: 'V1',
  callback_id: 'exp_stop_modal',
  blocks,
  state: { values: {} },
});

describe('a request whose replay claim cannot be made', () => {
  it('answers a slash command with the line in the language read ahead for it, and runs nothing', async () => {
    const r = await receiverWithFailingClaims();
    const russian = await r.form(command('URU'));
    expect(russian.status).toBe(200);
    expect(JSON.parse(russian.text)).toEqual({ response_type: 'ephemeral', text: '*Хранилище* недоступно' });
    const english = await r.form(command('U1'));
    expect(JSON.parse(english.text)).toEqual({ response_type: 'ephemeral', text: '*Store* unavailable' });
    expect(r.seen).toMatchObject({ claims: 6, listeners: 0 });
  });

  it('answers an Events API event 503, so that Slack delivers it again later', async () => {
    const r = await receiverWithFailingClaims();
    expect((await r.json(event)).status).toBe(503);
    expect(r.seen).toMatchObject({ claims: 3, listeners: 0 });
  });

  it('tells a click through its response_url; a click with none is answered 503', async () => {
    const r = await receiverWithFailingClaims();
    const click = { type: 'block_actions', ...who, actions: [{ action_id: 'exp_lifecycle_start' }] };
    const responseUrl = 'https://hooks.slack.test/actions/T1/1/x';
    expect(await r.interaction({ ...click, response_url: responseUrl })).toEqual({ status: 200, text: '' });
    expect(r.seen.posted).toEqual([
      {
        url: responseUrl,
        message: { response_type: 'ephemeral', replace_original: false, text: '*Store* unavailable' },
      },
    ]);
    expect((await r.interaction(click)).status).toBe(503);
    expect(r.seen).toMatchObject({ claims: 6, listeners: 0 });
  });

  it('keeps a submitted modal open with the line on its first input, or replaces one without inputs by a notice', async () => {
    const r = await receiverWithFailingClaims();
    const blocks = [
      { type: 'section', block_id: 'intro' },
      { type: 'input', block_id: 'exp_stop_reason' },
      { type: 'input', block_id: 'exp_stop_comment' },
    ];
    const submitted = await r.interaction({ type: 'view_submission', ...who, view: view(blocks) });
    expect(JSON.parse(submitted.text)).toEqual({
      response_action: 'errors',
      errors: { exp_stop_reason: 'Store unavailable' },
    });
    const confirm = await r.interaction({ type: 'view_submission', ...who, view: view(blocks.slice(0, 1)) });
    expect(JSON.parse(confirm.text)).toEqual({ response_action: 'update', view: NOTICE });
    expect(r.seen).toMatchObject({ claims: 6, listeners: 0 });
  });

  it('answers a closed modal with an empty 200, nothing run', async () => {
    const r = await receiverWithFailingClaims();
    const closed = await r.interaction({ type: 'view_closed', ...who, view: view([]) });
    expect(closed).toEqual({ status: 200, text: '' });
    expect(r.seen).toMatchObject({ claims: 3, listeners: 0 });
  });

  it('still answers an options request (read-only: never claimed) and a url_verification', async () => {
    const r = await receiverWithFailingClaims();
    const options = await r.interaction({
      type: 'block_suggestion',
      ...who,
      action_id: 'exp_xm_layer',
      value: 'a',
    });
    expect(JSON.parse(options.text)).toEqual({ options: [] });
    const verification = await r.json({ type: 'url_verification', challenge: 'c-1' });
    expect(JSON.parse(verification.text)).toEqual({ challenge: 'c-1' });
    expect(r.seen).toMatchObject({ claims: 0, listeners: 1 });
  });
});

describe('a body read as its Content-Type says', () => {
  it('claims a JSON event whose text holds &payload= with an options request in it', async () => {
    const r = await receiverWithFailingClaims(true);
    const suggestion = encodeURIComponent(
      JSON.stringify({ type: 'block_suggestion', ...who, action_id: 'a' }),
    );
    const res = await r.json({
      ...event,
      event: { type: 'function_executed', text: `x&payload=${suggestion}&y` },
    });
    expect(res.status).toBe(200);
    expect(r.seen).toMatchObject({ claims: 1, listeners: 1 });
  });

  it('refuses a signed body that is neither a form nor JSON with 415, before any claim', async () => {
    const r = await receiverWithFailingClaims(true);
    const res = await r.send(command('U1'), 'text/plain');
    expect(res.status).toBe(415);
    expect(r.seen).toMatchObject({ claims: 0, listeners: 0 });
  });

  it('refuses a signed JSON body that does not parse with 400, before any claim', async () => {
    const r = await receiverWithFailingClaims(true);
    const res = await r.send('{"type":"event_callback"', 'application/json; charset=utf-8');
    expect(res.status).toBe(400);
    expect(r.seen).toMatchObject({ claims: 0, listeners: 0 });
  });
});
