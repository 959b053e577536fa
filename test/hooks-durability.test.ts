import { type ChildProcess, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ROTATION_GRACE_MS } from '../src/core/hooks/hook-store.js';
import { signHookBody } from '../src/core/hooks/signature.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import {
  EMULATOR_DEFAULTS,
  type SlackEmulator,
  startSlackEmulator,
} from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { cardTitle, emulatorQueries } from './support/emulator-queries.js';
import { messageText } from './support/harness.js';
import { startRedisServer } from './support/redis-server.js';

// The inbound hook across restarts and store failures, on the app's own redis-server (its ACLs are
// changed to refuse some writes, so it cannot be the shared one): LIFECYCLE_HOOK_SECRET seeds the
// hook once and a rotation outlives restarts; an event whose record or alert could not be written
// is answered 503 and the sender's retry is processed, recorded and alerted once.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const ENV_SECRET = 'e'.repeat(48);
const CHANGED_ENV_SECRET = 'f'.repeat(48);
const PORT = 6900 + Math.floor(Math.random() * 500);
const ENCRYPTION_KEY = randomBytes(32).toString('base64');
let redis: ChildProcess | undefined;
let sandbox: Sandbox;
let emulator: SlackEmulator;
let platformToken: string;
const running: RunningApp[] = [];

interface Instance {
  app: RunningApp;
  driver: SlackDriver;
  logs: string[];
}

/** The store refuses writes to keys outside these patterns (NOPERM), as a failing server would. */
async function allowWritesOnly(patterns: readonly string[] | 'all'): Promise<void> {
  const keys = patterns === 'all' ? ['~*'] : ['%R~*', ...patterns.map((p) => `%W~${p}`)];
  const { stdout } = await promisify(execFile)('redis-cli', [
    '-p',
    String(PORT),
    'ACL',
    'SETUSER',
    'default',
    'resetkeys',
    ...keys,
  ]);
  expect(stdout.trim()).toBe('OK');
}

beforeAll(async () => {
  redis = await startRedisServer(PORT);
  sandbox = await startSandbox();
  emulator = await startSlackEmulator();
  platformToken = await sandbox.issueToken({ name: 'hooks-durability' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  for (const app of running) await app.close().catch(() => undefined);
  await emulator?.close();
  await sandbox?.close();
  if (redis && redis.exitCode === null && redis.signalCode === null) {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  }
});

async function startApp(env: Record<string, string>, db: number): Promise<Instance> {
  const signingSecret = randomBytes(16).toString('hex');
  const logger = createMemoryLogger('debug');
  const config = loadConfig({
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: `redis://127.0.0.1:${PORT}/${db}`,
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: platformToken,
    // The same key in every instance: the stored hook secrets stay readable across restarts.
    TOKEN_ENCRYPTION_KEY: ENCRYPTION_KEY,
    ...env,
  });
  const app = await startExpChatops(config, { port: 0, logger, alertIntervalMs: 50 });
  running.push(app);
  return {
    app,
    driver: createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator }),
    logs: logger.lines,
  };
}

async function stop(instance: Instance): Promise<void> {
  await instance.app.close();
  running.splice(running.indexOf(instance.app), 1);
}

let nextEvent = 1;
/** Posts a fresh (or the given) event to the configured workspace's hook, signed with `secret`. */
async function post(
  instance: Instance,
  secret: string,
  body = JSON.stringify({ id: `ev-${nextEvent++}`, experimentId: 9, action: 'status', status: 'x' }),
): Promise<{ status: number; json: unknown }> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await fetch(`${instance.app.url}/hooks/lifecycle`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-exp-timestamp': timestamp,
      'x-exp-signature': signHookBody(secret, timestamp, body),
    },
    body,
  });
  return { status: res.status, json: await res.json() };
}

const slack = emulatorQueries(() => emulator, { channel: CHANNEL });
const replyTo = async (user: string, pattern: RegExp): Promise<string> =>
  messageText(await slack.replyTo(user, pattern));

/** `/exp hooks` as an admin: the hook's path and secret as shown. */
async function shownHook(instance: Instance, rotate = false): Promise<{ path: string; secret: string }> {
  await instance.driver.command({ text: rotate ? 'hooks rotate' : 'hooks', userId: ADMIN });
  const text = await replyTo(
    ADMIN,
    rotate ? /The hook has a new secret/ : /Lifecycle events from outside Slack/,
  );
  return {
    path: /(\/hooks\/lifecycle\/[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '',
    secret: /Secret:\* `([^`]+)`/.exec(text)?.[1] ?? '',
  };
}

describe('LIFECYCLE_HOOK_SECRET and /exp hooks rotate across restarts', () => {
  it('seeds the secret once: a rotation wins over it at every later start, the old secret only within its grace', async () => {
    const first = await startApp({ LIFECYCLE_HOOK_SECRET: ENV_SECRET }, 1);
    const seeded = await shownHook(first);
    expect(seeded.secret).toBe(ENV_SECRET);
    expect((await post(first, ENV_SECRET)).status).toBe(202);
    const rotated = await shownHook(first, true);
    expect(rotated.path).toBe(seeded.path);
    expect(rotated.secret).not.toBe(ENV_SECRET);
    // Seeding an empty store is no reason for a warning.
    expect(first.logs.join('\n')).not.toMatch(/LIFECYCLE_HOOK_SECRET is ignored/);
    await stop(first);

    // Restarted with the same environment: the rotated secret stays, the seeded one is in its grace.
    const second = await startApp({ LIFECYCLE_HOOK_SECRET: ENV_SECRET }, 1);
    expect((await post(second, rotated.secret)).status).toBe(202);
    expect((await post(second, ENV_SECRET)).status).toBe(202);
    expect(await shownHook(second)).toEqual(rotated);
    expect(second.logs.join('\n')).toMatch(/LIFECYCLE_HOOK_SECRET is ignored/);

    // A day later the seeded (leaked) secret is refused, before and after another restart.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + ROTATION_GRACE_MS + 60_000);
    expect((await post(second, ENV_SECRET)).status).toBe(401);
    expect((await post(second, rotated.secret)).status).toBe(202);
    await stop(second);
    const third = await startApp({ LIFECYCLE_HOOK_SECRET: ENV_SECRET }, 1);
    expect((await post(third, ENV_SECRET)).status).toBe(401);
    expect((await post(third, rotated.secret)).status).toBe(202);
    await stop(third);

    // A changed LIFECYCLE_HOOK_SECRET does not undo the rotation either: it is ignored, with a warning.
    const fourth = await startApp({ LIFECYCLE_HOOK_SECRET: CHANGED_ENV_SECRET }, 1);
    expect((await post(fourth, CHANGED_ENV_SECRET)).status).toBe(401);
    expect((await post(fourth, rotated.secret)).status).toBe(202);
    expect(await shownHook(fourth)).toEqual(rotated);
    expect(fourth.logs.join('\n')).toMatch(/LIFECYCLE_HOOK_SECRET is ignored/);
    await stop(fourth);
  });
});

describe('an event whose record or alert could not be written', () => {
  let instance: Instance;
  beforeAll(async () => {
    instance = await startApp({ LIFECYCLE_HOOK_SECRET: ENV_SECRET }, 2);
    await instance.driver.command({ text: 'subscribe', userId: MEMBER });
    await emulator.waitFor(() => emulator.messages(CHANNEL).find((m) => /subscribed/i.test(messageText(m))), {
      timeoutMs: 8000,
      message: 'not subscribed',
    });
  });
  afterEach(async () => {
    await allowWritesOnly('all');
  });

  const alertsOf = (actor: string) =>
    emulator.messages(CHANNEL).filter((m) => !m.ephemeral && messageText(m).includes(`*${actor}* archived`));

  async function retriedAfterFailure(experimentId: number, actor: string, writable: readonly string[]) {
    const body = JSON.stringify({ id: `outage-${actor}`, experimentId, action: 'archive', actor });
    await allowWritesOnly(writable);
    const failed = await post(instance, ENV_SECRET, body);
    expect(failed.status).toBe(503);
    await allowWritesOnly('all');
    expect(await post(instance, ENV_SECRET, body)).toEqual({
      status: 202,
      json: { status: 'accepted', id: `outage-${actor}` },
    });
    await emulator.waitFor(() => alertsOf(actor)[0], {
      timeoutMs: 8000,
      message: 'no alert after the retry',
    });
    expect(await post(instance, ENV_SECRET, body)).toEqual({
      status: 202,
      json: { status: 'duplicate', id: `outage-${actor}` },
    });
    await instance.app.idle();
    expect(alertsOf(actor)).toHaveLength(1);
    // Recorded once: the experiment's card lists the event's action a single time.
    await instance.driver.command({ text: `show ${experimentId}`, userId: MEMBER });
    const card = await replyTo(MEMBER, cardTitle(experimentId));
    expect(card.split(`*${actor}* archived it`)).toHaveLength(2);
  }

  it('is processed on retry when the record write failed', async () => {
    // Every key but the experiment records (exp-chatops:experiments:…).
    await retriedAfterFailure(5, 'record-outage', ['exp-chatops:[^e]*', 'exp:*', 'exp-bull:*']);
  });

  it('is processed on retry when the alert job write failed, without recording it twice', async () => {
    // Every key but the alert lanes (exp:alerts:…); the record is written on the first try.
    await retriedAfterFailure(6, 'queue-outage', ['exp-chatops:*', 'exp-bull:*']);
  });
});
