import { randomBytes } from 'node:crypto';
import { signHookBody } from '../src/core/hooks/signature.js';
import { createSubscriptionStore } from '../src/core/subscriptions.js';
import { startSandbox } from '../src/dev/sandbox/server.js';
import { startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { storedValues } from '../src/store/conditional-update.js';
import { createStore } from '../src/store/create-store.js';
import { spawnApp } from '../test/support/app-process.js';
import { flushBenchRedis, BENCH_REDIS_URL as STORE_URL } from './bench-redis.js';

// Alert fan-out as subscribers feel it: lifecycle events arrive on the inbound hook and every
// subscribed channel must get each alert, in order, through an emulator that allows one message per
// second per channel (429 + Retry-After past that), as Slack does. The baseline is the theoretical
// minimum: a channel's first alert at once, each further one a second later. Redis is the store (the
// alerts' durable queue), on a database of its own, flushed first.

const EVENTS = ['start', 'stop', 'archive'] as const;
const VERBS = { start: 'started', stop: 'stopped', archive: 'archived' } as const;
const POST_INTERVAL_MS = 1_000;

export interface FanoutResult {
  channels: number;
  alerts: number;
  delivered: number;
  duplicates: number;
  outOfOrder: number;
  rateLimited: number;
  totalMs: number;
  minimumMs: number;
}

export async function fanoutBenchmark(options: { channels: number; events: number }): Promise<FanoutResult> {
  const events = EVENTS.slice(0, options.events);
  const channels = Array.from({ length: options.channels }, (_, i) => `C0FAN${String(i).padStart(4, '0')}`);
  await flushBenchRedis();
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  for (const id of channels)
    emulator.channels.set(id, {
      id,
      name: id.toLowerCase(),
      is_private: false,
      botIsMember: true,
      members: [],
    });
  const store = await createStore(STORE_URL, { logger: createMemoryLogger() });
  const subscriptions = createSubscriptionStore(storedValues(store, 'subscriptions'));
  for (const id of channels) await subscriptions.subscribe(emulator.identity.teamId, id, { actions: 'all' });
  await store.close();
  const hookSecret = randomBytes(24).toString('hex');
  const app = await spawnApp({
    SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL,
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'fanout' }),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LIFECYCLE_HOOK_SECRET: hookSecret,
  });
  emulator.limitChannelPosts(POST_INTERVAL_MS);
  const byChannel = () => {
    const map = new Map<string, string[]>();
    for (const call of emulator.calls) {
      if (call.method !== 'chat.postMessage' || call.response.ok !== true) continue;
      const channel = String(call.args.channel);
      if (!channel.startsWith('C0FAN')) continue;
      const text = String(call.args.text ?? '');
      const event = events.find((e) => text.includes(`${VERBS[e]} experiment *4*`)) ?? '?';
      map.set(channel, [...(map.get(channel) ?? []), event]);
    }
    return map;
  };
  const total = channels.length * events.length;
  try {
    const started = performance.now();
    for (const action of events) {
      const body = JSON.stringify({
        id: `bench-${action}-${Date.now()}`,
        experimentId: 4,
        action,
        ...(action === 'stop' ? { interruptReason: 'bug' } : {}),
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const res = await fetch(`${app.url}/hooks/lifecycle`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-exp-timestamp': timestamp,
          'x-exp-signature': signHookBody(hookSecret, timestamp, body),
        },
        body,
      });
      if (res.status !== 202) throw new Error(`the hook answered ${res.status}: ${await res.text()}`);
    }
    const deadline = Date.now() + 120_000;
    let totalMs = Number.NaN;
    for (;;) {
      const count = [...byChannel().values()].reduce((n, e) => n + e.length, 0);
      if (count >= total) {
        totalMs = performance.now() - started;
        break;
      }
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Anything still to come would be a duplicate: give it the time to show.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const delivered = byChannel();
    let count = 0;
    let duplicates = 0;
    let outOfOrder = 0;
    for (const id of channels) {
      const got = delivered.get(id) ?? [];
      count += new Set(got).size;
      duplicates += got.length - new Set(got).size;
      if (got.join() !== events.filter((e) => got.includes(e)).join()) outOfOrder += 1;
    }
    return {
      channels: channels.length,
      alerts: total,
      delivered: count,
      duplicates,
      outOfOrder,
      rateLimited: emulator.rateLimits.limited,
      totalMs,
      minimumMs: (events.length - 1) * POST_INTERVAL_MS,
    };
  } finally {
    await app.kill();
    await emulator.close();
    await sandbox.close();
  }
}

export function formatFanout(result: FanoutResult): string {
  const lost = result.alerts - result.delivered;
  return [
    '| channels | alerts | delivered | lost | duplicates | out of order | 429s waited out | total s | minimum s | ratio |',
    '|---|---|---|---|---|---|---|---|---|---|',
    `| ${result.channels} | ${result.alerts} | ${result.delivered} | ${lost} | ${result.duplicates} | ${result.outOfOrder} | ${result.rateLimited} | ${(result.totalMs / 1000).toFixed(2)} | ${(result.minimumMs / 1000).toFixed(2)} | ${(result.totalMs / result.minimumMs).toFixed(2)}x |`,
  ].join('\n');
}
