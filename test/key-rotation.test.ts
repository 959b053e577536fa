import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { messageText } from './support/harness.js';
import { connectViaModal } from './support/oauth-harness.js';

// Keys and tokens through the real entry points: a stored connection sealed with one key, the key
// changed (no fallback to CONSOLE_API_TOKEN, /readyz says so), `rotate-keys` run as operators run
// it, and a 403 that is not "Invalid api key provided" leaving the connection alone.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('base64');
const storeUrl = `sqlite://${join(mkdtempSync(join(tmpdir(), 'exp-keys-')), 'store.sqlite')}`;
const signingSecret = randomBytes(16).toString('hex');
let sandbox: Sandbox;
let emulator: SlackEmulator;
let defaultToken: string;
let running: RunningApp | undefined;

beforeAll(async () => {
  sandbox = await startSandbox();
  emulator = await startSlackEmulator();
  defaultToken = await sandbox.issueToken({ name: 'configured default' });
});
afterAll(async () => {
  await running?.close();
  await emulator?.close();
  await sandbox?.close();
});

async function start(env: Record<string, string>): Promise<{ app: RunningApp; driver: SlackDriver }> {
  await running?.close();
  const config = loadConfig({
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: storeUrl,
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: defaultToken,
    ...env,
  });
  running = await startExpChatops(config, { port: 0, logger: createMemoryLogger('debug'), sandbox });
  return { app: running, driver: createSlackDriver({ appUrl: running.eventsUrl, signingSecret, emulator }) };
}

const { replyTo } = emulatorQueries(() => emulator, { channel: CHANNEL });

const callsTo = (id: number, action: string) =>
  sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/${action}`),
  );

async function rotateKeys(env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/rotate-keys.ts'],
      {
        env: { ...process.env, STORE_URL: storeUrl, CONSOLE_BASE_URL: sandbox.url, ...env },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

describe('keys and tokens', () => {
  it('never falls back to another identity when the stored token cannot be decrypted', async () => {
    const first = await start({ TOKEN_ENCRYPTION_KEY: KEY_A });
    const stored = await sandbox.issueToken({ name: 'stored connection' });
    await connectViaModal({
      driver: first.driver,
      emulator,
      adminId: ADMIN,
      baseUrl: sandbox.url,
      token: stored,
    });
    await first.driver.command({ text: 'start 4', userId: MEMBER });
    await emulator.waitFor(() => callsTo(4, 'start').length === 1, { message: 'start 4 did not run' });
    expect(callsTo(4, 'start')[0]?.tokenName).toBe('stored connection');

    // The key changed and the old one was not kept.
    const second = await start({ TOKEN_ENCRYPTION_KEY: KEY_B });
    await second.driver.command({ text: 'archive 6', userId: MEMBER });
    const refused = messageText(await replyTo(MEMBER, /cannot be decrypted with the server's keys/));
    expect(refused).toContain('/exp connect');
    await second.app.idle();
    expect(callsTo(6, 'archive')).toHaveLength(0);
    expect(sandbox.state.requests.some((r) => r.tokenName === 'configured default')).toBe(false);

    await second.driver.command({ text: 'token', userId: ADMIN });
    await replyTo(ADMIN, /Unreadable with this server's encryption keys/);
    const ready = await fetch(`${second.app.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; warnings?: string[] };
    expect(body.warnings?.[0]).toMatch(/1 stored platform connection\(s\) cannot be decrypted/);
    expect(JSON.stringify(body)).not.toContain(stored);
    await second.app.close();
    running = undefined;
  });

  it('rotate-keys re-seals with the current key what an old key opens, and reports counts', async () => {
    const wrong = await rotateKeys({ TOKEN_ENCRYPTION_KEY: KEY_B });
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain(
      'platform connections: 0 re-sealed with the current key, 0 already current, 1 unreadable',
    );

    const rotated = await rotateKeys({ TOKEN_ENCRYPTION_KEY: KEY_B, TOKEN_ENCRYPTION_OLD_KEYS: KEY_A });
    expect(rotated.code).toBe(0);
    expect(rotated.out).toContain(
      'platform connections: 1 re-sealed with the current key, 0 already current, 0 unreadable',
    );

    const again = await rotateKeys({ TOKEN_ENCRYPTION_KEY: KEY_B });
    expect(again.code).toBe(0);
    expect(again.out).toContain('platform connections: 0 re-sealed with the current key, 1 already current');

    // Now the new key alone opens it, and actions act as the stored connection again.
    const third = await start({ TOKEN_ENCRYPTION_KEY: KEY_B });
    await third.driver.command({ text: 'archive 6', userId: MEMBER });
    await emulator.waitFor(() => callsTo(6, 'archive').length === 1, { message: 'archive 6 did not run' });
    expect(callsTo(6, 'archive')[0]?.tokenName).toBe('stored connection');
    const ready = (await (await fetch(`${third.app.url}/readyz`)).json()) as { warnings?: string[] };
    expect(ready.warnings).toBeUndefined();
  });

  it('a 403 that is not "Invalid api key provided" is reported and leaves the connection as it is', async () => {
    const app = running ?? (await start({ TOKEN_ENCRYPTION_KEY: KEY_B })).app;
    const driver = createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator });
    sandbox.failNext(
      {
        status: 403,
        contentType: 'text/html',
        body: '<html><body><h1>403 Forbidden</h1>gateway</body></html>',
      },
      { method: 'POST', pathIncludes: '/experiments/v1/7/start' },
    );
    await driver.command({ text: 'start 7', userId: MEMBER });
    await replyTo(MEMBER, /refused this request \(HTTP 403\) without saying the token is invalid/);
    await driver.command({ text: 'token', userId: ADMIN });
    expect(messageText(await replyTo(ADMIN, /Platform token|State/i))).not.toMatch(/Refused by the platform/);
    await driver.command({ text: 'start 7', userId: MEMBER });
    await emulator.waitFor(() => callsTo(7, 'start').some((r) => r.status === 200), {
      message: 'the connection did not keep working after a gateway 403',
    });
  });
});
