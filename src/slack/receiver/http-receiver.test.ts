import type { AddressInfo } from 'node:net';
import { type App, ErrorCode, type ReceiverEvent } from '@slack/bolt';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../dev/slack-emulator/driver.js';
import { SlackHttpReceiver } from './http-receiver.js';
import { silentLogger } from './silent-logger.test-helper.js';

// The receiver over real HTTP with Slack's signature: what it reads ahead for a request goes with
// the request's replay claim, and reaches the listeners through the event's customProperties.

const SECRET = 'test-signing-secret';
const logger = silentLogger;

let receiver: SlackHttpReceiver | undefined;
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
});

/** A receiver whose claim waits for `release`, and what it saw in order. */
async function receiverWithHeldClaim(
  claimResult: boolean,
  readAhead: (body: Record<string, unknown>) => Record<string, unknown> = (body) => {
    return { expLanguageChoices: { asker: `T1:${String(body.user_id)}` } };
  },
  acking: (event: ReceiverEvent) => Promise<void> = (event) => event.ack(),
) {
  const seen: string[] = [];
  const events: ReceiverEvent[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  receiver = new SlackHttpReceiver({
    checks: {
      signingSecret: SECRET,
      claimOnce: async () => {
        seen.push('claim asked');
        await released;
        return claimResult;
      },
    },
    routes: { get: {}, post: {} },
    readAhead: (body) => {
      seen.push(`read ahead for ${String(body.user_id)}`);
      return readAhead(body);
    },
    logger,
    listenerFailureAnswers: (ahead) => ({
      command: { response_type: 'ephemeral', text: ahead.expLanguageChoices ? 'сбой' : 'failed' },
      view: { response_action: 'clear' },
    }),
    // Never asked: no claim fails here (store-unavailable.test.ts has those that do).
    storeUnavailableWords: () => Promise.reject(new Error('no claim fails here')),
    respond: () => Promise.reject(new Error('no claim fails here')),
  });
  const app = {
    processEvent: async (event: ReceiverEvent) => {
      seen.push('listeners ran');
      events.push(event);
      await acking(event);
    },
  };
  receiver.init(app as Partial<App> as App);
  const server = await receiver.start(0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  return { seen, events, release, url };
}

function signedCommand(url: string, text: string) {
  const body = `command=%2Fexp&text=${encodeURIComponent(text)}&team_id=T1&user_id=U1&trigger_id=${Math.random()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  return request(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(SECRET, timestamp, body),
    },
  });
}

describe('the Slack receiver', () => {
  it('starts what it reads ahead before the replay claim, and hands it to the listeners', async () => {
    const r = await receiverWithHeldClaim(true);
    const answering = signedCommand(r.url, 'start 4');
    while (!r.seen.includes('claim asked')) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(r.seen).toEqual(['read ahead for U1', 'claim asked']);
    r.release();
    const res = await answering;
    expect(res.statusCode).toBe(200);
    await res.body.text();
    expect(r.seen).toEqual(['read ahead for U1', 'claim asked', 'listeners ran']);
    expect(r.events[0]?.customProperties).toEqual({ expLanguageChoices: { asker: 'T1:U1' } });
    expect(r.events[0]?.body).toMatchObject({ command: '/exp', text: 'start 4', user_id: 'U1' });
  });

  it('answers a replay without running the listeners, whatever it read ahead', async () => {
    const r = await receiverWithHeldClaim(false);
    r.release();
    const res = await signedCommand(r.url, 'start 4');
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toBe('');
    expect(r.seen).toEqual(['read ahead for U1', 'claim asked']);
  });

  it('runs the listeners without it when reading ahead throws', async () => {
    const r = await receiverWithHeldClaim(true, () => {
      throw new Error('a bug in what reads ahead');
    });
    r.release();
    const res = await signedCommand(r.url, 'start 4');
    expect(res.statusCode).toBe(200);
    await res.body.text();
    expect(r.seen).toEqual(['read ahead for U1', 'claim asked', 'listeners ran']);
    expect(r.events[0]?.customProperties).toEqual({});
  });

  it('reads nothing ahead for a request whose signature is wrong', async () => {
    const r = await receiverWithHeldClaim(true);
    r.release();
    const res = await request(r.url, {
      method: 'POST',
      body: 'command=%2Fexp&text=help&team_id=T1&user_id=U1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-slack-signature': 'v0=0000',
      },
    });
    expect(res.statusCode).toBe(401);
    await res.body.text();
    expect(r.seen).toEqual([]);
  });

  it('answers a command whose listener failed before its ack with the line for what was read ahead', async () => {
    const r = await receiverWithHeldClaim(true, undefined, async () => {
      throw new Error('a listener failed before answering');
    });
    r.release();
    const res = await signedCommand(r.url, 'start 4');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(await res.body.text())).toEqual({ response_type: 'ephemeral', text: 'сбой' });
  });

  it('sends a reply as Bolt does: serialised at the ack, and refuses a second ack', async () => {
    const body = { response_type: 'ephemeral', text: 'Started…', blocks: [] };
    const secondAck: unknown[] = [];
    const r = await receiverWithHeldClaim(
      true,
      () => ({}),
      async (event) => {
        await event.ack(body);
        await event.ack(body).catch((error: unknown) => secondAck.push(error));
      },
    );
    r.release();
    const res = await signedCommand(r.url, 'start 4');
    expect(res.headers['content-type']).toBe('application/json');
    expect(await res.body.text()).toBe('{"response_type":"ephemeral","text":"Started…","blocks":[]}');
    expect(secondAck).toHaveLength(1);
    expect(secondAck[0]).toMatchObject({ code: ErrorCode.ReceiverMultipleAckError });
  });
});
