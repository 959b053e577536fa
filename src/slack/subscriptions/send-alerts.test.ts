import { Keyv } from 'keyv';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSubscriptionStore, type SubscriptionStore } from '../../lifecycle/subscriptions.js';
import { createMemoryLogger } from '../../observability/logger.js';
import { createMetrics, type Metrics } from '../../observability/metrics.js';
import type { SlackMessage } from '../blocks/message.js';
import { type AlertPoster, errorCodeOf, sendAlerts } from './send-alerts.js';

const MESSAGE: SlackMessage = { text: 'alert', blocks: [] };

/** Shaped like @slack/web-api's errors: platform errors carry Slack's code in data.error. */
function platformError(code: string): Error {
  return Object.assign(new Error(`An API error occurred: ${code}`), {
    code: 'slack_webapi_platform_error',
    data: { ok: false, error: code },
  });
}

let subscriptions: SubscriptionStore;
let metrics: Metrics;
let logger: ReturnType<typeof createMemoryLogger>;

beforeEach(() => {
  subscriptions = createSubscriptionStore(new Keyv());
  metrics = createMetrics();
  logger = createMemoryLogger();
});

function recorder(fail: Record<string, () => unknown> = {}) {
  const posted: string[] = [];
  const post: AlertPoster = async (channel, message) => {
    const failure = fail[channel];
    if (failure) throw failure();
    expect(message).toBe(MESSAGE);
    posted.push(channel);
  };
  return { posted, post };
}

describe('sendAlerts', () => {
  it('posts to every channel subscribed to the action, except the one the action came from', async () => {
    await subscriptions.subscribe('T1', 'C0ORIGIN', 'all');
    await subscriptions.subscribe('T1', 'C0ALL', 'all');
    await subscriptions.subscribe('T1', 'C0STOPS', ['stop']);
    const { posted, post } = recorder();
    const deliveries = await sendAlerts(
      { subscriptions, logger, metrics },
      { scope: 'T1', action: 'start', originChannelId: 'C0ORIGIN', message: MESSAGE, post },
    );
    expect(posted).toEqual(['C0ALL']);
    expect(deliveries).toEqual([{ channelId: 'C0ALL', outcome: 'sent' }]);
    expect(await metrics.render()).toContain('exp_alerts_total{outcome="sent"} 1');
  });

  it('delivers the rest when some fail, counts each failure, and drops channels that are gone', async () => {
    for (const channel of ['C0OK1', 'C0GONE', 'C0ARCH', 'C0NOTIN', 'C0RATE', 'C0BOOM', 'C0OK2']) {
      await subscriptions.subscribe('T1', channel, 'all');
    }
    const { posted, post } = recorder({
      C0GONE: () => platformError('channel_not_found'),
      C0ARCH: () => platformError('is_archived'),
      C0NOTIN: () => platformError('not_in_channel'),
      C0RATE: () =>
        Object.assign(new Error('rate limited'), { code: 'slack_webapi_rate_limited_error', retryAfter: 3 }),
      // A transport error that carries the request, token included: only its code may be logged.
      C0BOOM: () =>
        Object.assign(new Error('socket hang up'), {
          code: 'slack_webapi_request_error',
          original: { config: { headers: { Authorization: 'Bearer xoxb-1234-abcd-secret' } } },
        }),
    });
    const deliveries = await sendAlerts(
      { subscriptions, logger, metrics },
      { scope: 'T1', action: 'stop', originChannelId: undefined, message: MESSAGE, post },
    );
    expect(posted.sort()).toEqual(['C0OK1', 'C0OK2']);
    expect(Object.fromEntries(deliveries.map((d) => [d.channelId, d.outcome]))).toEqual({
      C0OK1: 'sent',
      C0GONE: 'channel_not_found',
      C0ARCH: 'is_archived',
      C0NOTIN: 'not_in_channel',
      C0RATE: 'ratelimited',
      C0BOOM: 'failed',
      C0OK2: 'sent',
    });
    const rendered = await metrics.render();
    expect(rendered).toContain('exp_alerts_total{outcome="sent"} 2');
    for (const outcome of ['channel_not_found', 'is_archived', 'not_in_channel', 'ratelimited', 'failed']) {
      expect(rendered).toContain(`exp_alerts_total{outcome="${outcome}"} 1`);
    }
    expect((await subscriptions.list('T1')).map((s) => s.channelId)).toEqual([
      'C0OK1',
      'C0NOTIN',
      'C0RATE',
      'C0BOOM',
      'C0OK2',
    ]);
    const logs = logger.lines.join('\n');
    expect(logs).toContain('slack_webapi_request_error');
    expect(logs).toContain('subscription dropped');
    expect(logs).not.toContain('xoxb-');
  });

  it('awaits every post before it resolves: nothing is left running in the background', async () => {
    await subscriptions.subscribe('T1', 'C0FAST', 'all');
    await subscriptions.subscribe('T1', 'C0SLOW', 'all');
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowDone = false;
    const post: AlertPoster = async (channel) => {
      if (channel === 'C0SLOW') {
        await slow;
        slowDone = true;
      }
    };
    const sending = sendAlerts(
      { subscriptions, logger, metrics },
      { scope: 'T1', action: 'start', originChannelId: undefined, message: MESSAGE, post },
    );
    const state = await Promise.race([
      sending.then(() => 'resolved'),
      new Promise((r) => setImmediate(r, 'pending')),
    ]);
    expect(state).toBe('pending');
    release();
    await sending;
    expect(slowDone).toBe(true);
  });

  it('contains a poster that throws synchronously', async () => {
    await subscriptions.subscribe('T1', 'C0A', 'all');
    const post = ((channel: string) => {
      throw new TypeError(`bad ${channel}`);
    }) as unknown as AlertPoster;
    const deliveries = await sendAlerts(
      { subscriptions, logger, metrics },
      { scope: 'T1', action: 'start', originChannelId: undefined, message: MESSAGE, post },
    );
    expect(deliveries).toEqual([{ channelId: 'C0A', outcome: 'failed', error: 'TypeError' }]);
  });
});

describe('errorCodeOf', () => {
  it('reads Slack codes, client codes and names, never the error text', () => {
    expect(errorCodeOf(platformError('is_archived'))).toBe('is_archived');
    expect(errorCodeOf({ code: 'slack_webapi_rate_limited_error' })).toBe('ratelimited');
    expect(errorCodeOf(Object.assign(new Error('xoxb-1-2'), { code: 'ECONNRESET' }))).toBe('ECONNRESET');
    expect(errorCodeOf(new RangeError('xoxb-1-2'))).toBe('RangeError');
    expect(errorCodeOf('xoxb-1-2')).toBe('unknown_error');
  });
});
