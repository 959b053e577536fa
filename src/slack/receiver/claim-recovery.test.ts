import type { AddressInfo } from 'node:net';
import type { App, ReceiverEvent } from '@slack/bolt';
import { request } from 'undici';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../dev/slack-emulator/driver.js';
import { backendFixture, uniqueName } from '../../store/backends.test-helper.js';
import type { Store } from '../../store/create-store.js';
import { listenerFailureAnswers } from '../listener-failure-answers.js';
import { en } from '../messages/index.js';
import { SlackHttpReceiver } from './http-receiver.js';
import { silentLogger } from './silent-logger.test-helper.js';

// Two receivers (two replicas) over real HTTP, their replay claims made on the real Redis store.
// The store "fails" as a dropped connection does: the command reaches Redis and runs there, and its
// answer is lost (the claim made, the caller told an error), or it never reaches Redis at all.
// Whatever happened to the claim, the same signed body is acted on exactly once when it can be, and
// a delivery that was refused never leaves its body to be answered as a replay.

const SECRET = 'test-signing-secret';
const logger = silentLogger;

const fixture = backendFixture('redis');
const prefix = uniqueName('claim-recovery');
afterAll(() => fixture.dispose(prefix));

const receivers: SlackHttpReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
});

/** What the store does with the next claims asked of it, in order; then it works. */
type Fault = 'lost-answer' | 'unreachable';

async function replica(store: Store, faults: Fault[] = []) {
  const seen = { acted: 0, asked: 0 };
  const lost = new Error('Socket closed unexpectedly');
  const receiver = new SlackHttpReceiver({
    checks: {
      signingSecret: SECRET,
      waits: { afterFailure: [20, 20], afterReplay: [150, 150], refusal: 20 },
      claimOnce: async (key, ttlMs, holder) => {
        seen.asked += 1;
        const fault = faults.shift();
        if (fault === 'unreachable') throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
        const claimed = await store.locks.claim(`${prefix}:${key}`, ttlMs, holder);
        if (fault === 'lost-answer') throw lost;
        return claimed;
      },
      refuseClaim: async (key, holder) => {
        if (faults[0] === 'unreachable') {
          faults.shift();
          throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
        }
        await store.locks.refuse?.(`${prefix}:${key}`, holder);
      },
    },
    routes: { get: {}, post: {} },
    logger,
    listenerFailureAnswers: () => listenerFailureAnswers(en),
    storeUnavailableWords: async () => ({
      text: 'Nothing was done: the store is unavailable.',
      plain: 'Nothing was done',
      notice: { type: 'modal', title: { type: 'plain_text', text: 'Nothing was done' }, blocks: [] },
    }),
    respond: async () => undefined,
  });
  const app = {
    processEvent: async (event: ReceiverEvent) => {
      seen.acted += 1;
      await event.ack({ response_type: 'ephemeral', text: 'Started.' });
    },
  };
  receiver.init(app as Partial<App> as App);
  receivers.push(receiver);
  const server = await receiver.start(0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  const send = async (body: string, retry = false) => {
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await request(url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signSlackRequest(SECRET, timestamp, body),
        ...(retry ? { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' } : {}),
      },
    });
    return { status: res.statusCode, text: await res.body.text() };
  };
  return { seen, send, faults };
}

let bodies = 0;
/** A slash command's body, unique as each trigger_id makes a real one. */
const command = () =>
  `command=%2Fexp&text=start+4&team_id=T1&user_id=U1&channel_id=C1&trigger_id=${Date.now()}.${++bodies}`;

describe('a replay claim whose store failed, on Redis', () => {
  it('acts once when the claim landed and only its answer was lost', async () => {
    const store = await fixture.open();
    const a = await replica(store, ['lost-answer']);
    const body = command();
    const res = await a.send(body);
    expect(res.text).toContain('Started.');
    expect(a.seen).toEqual({ acted: 1, asked: 2 });
    // The same body again is a replay: answered 200 with nothing done.
    const b = await replica(store);
    expect(await b.send(body, true)).toEqual({ status: 200, text: '' });
    expect(b.seen.acted).toBe(0);
  });

  it('refuses a delivery whose store stays down, then lets a retry of its body act once', async () => {
    const store = await fixture.open();
    // Landed, then unreachable for the two tries after it and for the first five refusals (about
    // 100 ms): the retry comes while the claim is still held.
    const down = Array.from({ length: 7 }, () => 'unreachable' as const);
    const a = await replica(store, ['lost-answer', ...down]);
    const body = command();
    const refused = await a.send(body);
    expect(refused.text).toContain('Nothing was done');
    expect(a.seen.acted).toBe(0);
    const b = await replica(store);
    // Sent right away, the retry finds the claim still held and waits for its refusal.
    const retried = await b.send(body, true);
    expect(retried.text).toContain('Started.');
    expect(b.seen.acted).toBe(1);
    expect(b.seen.asked).toBeGreaterThan(1);
    // Once acted on, the body is a replay for everyone.
    expect(await a.send(body, true)).toEqual({ status: 200, text: '' });
    expect(a.seen.acted + b.seen.acted).toBe(1);
  });

  it('lets exactly one of two concurrent retries act after a refusal', async () => {
    const store = await fixture.open();
    const a = await replica(store, ['lost-answer', 'unreachable', 'unreachable']);
    const body = command();
    expect((await a.send(body)).text).toContain('Nothing was done');
    const [b, c] = await Promise.all([replica(store), replica(store)]);
    const answers = await Promise.all([b.send(body, true), c.send(body, true)]);
    expect(answers.filter((r) => r.text.includes('Started.'))).toHaveLength(1);
    expect(answers.filter((r) => r.text === '')).toHaveLength(1);
    expect(b.seen.acted + c.seen.acted).toBe(1);
  });

  it('answers a replay of a body acted on as a replay after its waits, acting nothing', async () => {
    const store = await fixture.open();
    const a = await replica(store);
    const body = command();
    expect((await a.send(body)).text).toContain('Started.');
    const b = await replica(store);
    expect(await b.send(body, true)).toEqual({ status: 200, text: '' });
    // Asked once, then again after each of its two waits.
    expect(b.seen).toEqual({ acted: 0, asked: 3 });
  });
});
