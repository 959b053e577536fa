import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../src/dev/slack-emulator/driver.js';
import { functionExecutedCallback, userContextOf } from '../src/dev/slack-emulator/function-executed.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { ru } from '../src/slack/messages/index.js';
import { SEEN_REQUEST_PREFIX } from '../src/store/memory-once-guard.js';
import { REDIS_KEY_PREFIX } from '../src/store/redis-backend.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { startRedisServer } from './support/redis-server.js';

// The store answers everything but the replay guard's claims (its own redis-server, whose ACL
// refuses the keys of requests seen): a request whose claim cannot be made is refused with nothing
// done, since the same body retried once the store is back would be claimed afresh and act again.
// Needs redis-server on the machine (.ci/run installs it); fails loudly without it.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const PORT = 6900 + Math.floor(Math.random() * 500);
const STORE_URL = `redis://127.0.0.1:${PORT}`;
let redis: ChildProcess | undefined;
let admin: ReturnType<typeof createClient>;
let h: Harness;

beforeAll(async () => {
  redis = await startRedisServer(PORT);
  admin = createClient({ url: STORE_URL });
  await admin.connect();
  h = await startHarness({ env: { STORE_URL } });
});
afterAll(async () => {
  await h?.close();
  admin?.destroy();
  if (redis && redis.exitCode === null && redis.signalCode === null) {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  }
});

/**
 * Every key the app writes but the replay guard's (`exp-chatops:_once:slack-request:…`): Redis's
 * ACL patterns only allow, so the others are spelled out, a character at a time where they part.
 */
const ALL_BUT_REPLAY_CLAIMS = [
  '~exp:*',
  '~exp-bull:*',
  `~${REDIS_KEY_PREFIX}:[^_]*`,
  `~${REDIS_KEY_PREFIX}:_[^o]*`,
  `~${REDIS_KEY_PREFIX}:_once:[^s]*`,
  `~${REDIS_KEY_PREFIX}:_once:s[^l]*`,
];

/** Runs `during` while the server refuses the replay guard's claims, then lets them through again. */
async function withReplayClaimsRefused(during: () => Promise<void>): Promise<void> {
  expect(SEEN_REQUEST_PREFIX).toBe('slack-request:');
  await admin.sendCommand(['ACL', 'SETUSER', 'default', 'resetkeys', ...ALL_BUT_REPLAY_CLAIMS]);
  try {
    await during();
  } finally {
    await admin.sendCommand(['ACL', 'SETUSER', 'default', 'allkeys']);
  }
}

const posts = (path: string) =>
  h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(path));

/** An Events API body signed as Slack signs it, with Slack's retry headers when it is a retry. */
async function deliver(event: Record<string, unknown>, retryNum?: number) {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const retry: Record<string, string> =
    retryNum === undefined
      ? {}
      : { 'x-slack-retry-num': String(retryNum), 'x-slack-retry-reason': 'http_error' };
  return h.driver.raw(body, {
    'content-type': 'application/json',
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': signSlackRequest(h.signingSecret, timestamp, body),
    ...retry,
  });
}

describe('a replay claim the store cannot make', () => {
  it("refuses a slash command in the person's language with nothing done; the same body once the store is back acts once", async () => {
    await h.driver.command({ text: 'language ru', userId: MEMBER });
    await h.emulator.waitFor(
      () => h.emulator.messages(CHANNEL).find((m) => m.ephemeral && /[а-яё]{3}/i.test(messageText(m))),
      { timeoutMs: 8000, message: 'the language was not set' },
    );
    const form = h.driver.commandForm({ text: 'start 4', userId: MEMBER });
    await withReplayClaimsRefused(async () => {
      const refused = await h.driver.signed(form);
      expect(refused.status).toBe(200);
      expect(refused.json).toEqual({ response_type: 'ephemeral', text: ru.errors.storeUnavailable() });
      expect(refused.ackMs).toBeLessThan(3000);
      await h.app.idle();
      expect(posts('/experiments/v1/4/start')).toHaveLength(0);
    });
    expect((await h.driver.signed(form)).status).toBe(200);
    await h.emulator.waitFor(() => posts('/experiments/v1/4/start').length >= 1, {
      timeoutMs: 8000,
      message: 'start 4 did not run once the store was back',
    });
    const again = await h.driver.signed(form, {
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_timeout',
    });
    expect(again).toMatchObject({ status: 200, body: '' });
    await h.app.idle();
    expect(posts('/experiments/v1/4/start')).toHaveLength(1);
  });

  it("answers a workflow step's function_executed 503; Slack's retry once the store is back acts once", async () => {
    const identity = h.emulator.identity;
    const execution = h.emulator.startFunctionExecution({
      callbackId: 'start_experiment',
      teamId: identity.teamId,
      inputs: { user_context: userContextOf(MEMBER), experiment_id: '7', channel_id: CHANNEL },
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
    await withReplayClaimsRefused(async () => {
      expect((await deliver(event)).status).toBe(503);
      await h.app.idle();
      expect(posts('/experiments/v1/7/start')).toHaveLength(0);
      expect(h.emulator.functionExecution(execution.id)?.state).toBe('running');
    });
    expect((await deliver(event, 1)).status).toBe(200);
    const done = await h.emulator.waitFor(
      () => {
        const now = h.emulator.functionExecution(execution.id);
        return now && now.state !== 'running' ? now : undefined;
      },
      { timeoutMs: 8000, message: 'the step was never completed once the store was back' },
    );
    expect(done.state).toBe('completed');
    expect((await deliver(event, 2)).status).toBe(200);
    await h.app.idle();
    expect(posts('/experiments/v1/7/start')).toHaveLength(1);
  });
});
