import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/dev/sandbox/server.js';
import { createSlackDriver, signSlackRequest } from '../../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../../src/dev/slack-emulator/seed.js';
import { type SlackEmulator, startSlackEmulator } from '../../src/dev/slack-emulator/server.js';
import { messageText } from '../support/harness.js';
import { type Container, podman, podmanOk, removeContainers, runContainer } from './podman.js';

// The built image (`npm run test:container` builds it and names it here) run with podman against the
// sandbox platform and the Slack emulator on this machine: what a deployment relies on.

const IMAGE = process.env.EXP_CHATOPS_IMAGE ?? '';
const CHANNEL = EMULATOR_DEFAULTS.channelId;
// Redis database 13: one no other test uses, flushed before the replicas start.
const REDIS_URL = 'redis://127.0.0.1:6379/13';
const signingSecret = randomBytes(16).toString('hex');
const encryptionKey = randomBytes(32).toString('base64');
const run = `${process.pid}-${Date.now().toString(36)}`;
const started: string[] = [];
let sandbox: Sandbox;
let emulator: SlackEmulator;
let secrets: Record<string, string>;
let env: Record<string, string>;

beforeAll(async () => {
  // Never a skip: without the image there is nothing to prove, and that must be seen.
  if (IMAGE === '') throw new Error('EXP_CHATOPS_IMAGE is not set: run `npm run test:container`');
  await podmanOk(['image', 'exists', IMAGE]);
  sandbox = await startSandbox();
  emulator = await startSlackEmulator();
  const platformToken = await sandbox.issueToken({ name: 'container' });
  secrets = {
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    CONSOLE_API_TOKEN: platformToken,
    TOKEN_ENCRYPTION_KEY: encryptionKey,
  };
  env = {
    ...secrets,
    SLACK_API_URL: emulator.apiUrl,
    CONSOLE_BASE_URL: sandbox.url,
    SPLITTER_URL: sandbox.splitterUrl,
  };
});

afterAll(async () => {
  await removeContainers(started);
  await emulator?.close();
  await sandbox?.close();
});

// What compose.yaml asks of the replicas: a read-only root, no capabilities, no privilege gain.
const HARDENED = [
  '--read-only',
  '--tmpfs',
  '/tmp',
  '--cap-drop',
  'ALL',
  '--security-opt',
  'no-new-privileges',
];

async function start(
  name: string,
  extra: Record<string, string> = {},
  flags: readonly string[] = [],
): Promise<Container> {
  const container = `exp-chatops-test-${run}-${name}`;
  started.push(container);
  return runContainer(IMAGE, container, { ...env, ...extra }, flags);
}

/** SIGTERM, as `podman stop` and Kubernetes send it: the exit code and how long it took. */
async function terminate(container: Container): Promise<{ exitCode: string; ms: number }> {
  const at = performance.now();
  await podmanOk(['kill', '--signal', 'TERM', container.name]);
  const exitCode = (await podmanOk(['wait', container.name], { timeoutMs: 10_000 })).trim();
  return { exitCode, ms: performance.now() - at };
}

const startRequests = (id: number) =>
  sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`));
/** The sandbox's seeded experiments this test acts on, by the names results give them first. */
const SEEDED_NAMES: Readonly<Record<number, string>> = {
  4: 'Onboarding tour',
  7: 'Delivery slot hints: retro',
};
const toldStarted = (id: number) =>
  emulator
    .messages(CHANNEL)
    .filter(
      (m) => !m.ephemeral && messageText(m).includes(`started experiment *${SEEDED_NAMES[id]}* (#${id})`),
    );

describe('the image', () => {
  it('carries no secret, runs as a non-root user, bounds its allocator arenas and declares its health check', async () => {
    const [config] = JSON.parse(await podmanOk(['image', 'inspect', IMAGE])) as [
      { Config: { User?: string; Env?: string[]; Cmd?: string[] }; Healthcheck?: { Test?: string[] } },
    ];
    expect(config.Config.User).toBe('10001:10001');
    expect(config.Config.Cmd).toEqual(['node', 'dist/server/main.js']);
    expect(config.Healthcheck?.Test?.join(' ')).toContain('/healthz');
    expect(config.Config.Env).toContain('MALLOC_ARENA_MAX=2');
    const baked = (config.Config.Env ?? []).map((e) => e.split('=')[0]);
    for (const variable of [...Object.keys(env), 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET']) {
      expect(baked).not.toContain(variable);
    }
  });

  it('serves /healthz and /readyz, answers signed commands as non-root and stops cleanly on SIGTERM', async () => {
    // The default store: sqlite in /app/data, the one directory the app's user may write.
    const app = await start('single');
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const health = await podman(['healthcheck', 'run', app.name]);
    expect(health, 'the image HEALTHCHECK').toMatchObject({ code: 0 });

    const driver = createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator });
    const help = await driver.command({ text: 'help' });
    expect(help.status).toBe(200);
    expect(messageText(help.json as { text?: string })).toContain('/exp start');
    const startAck = await driver.command({ text: 'start 4' });
    expect(startAck.status).toBe(200);
    await emulator.waitFor(() => toldStarted(4)[0], {
      timeoutMs: 15_000,
      message: 'the container never told the channel experiment 4 started',
    });
    expect(startRequests(4)).toHaveLength(1);

    const status = await podmanOk(['exec', app.name, 'cat', '/proc/1/status', '/proc/1/cmdline']);
    expect(status).toMatch(/^Uid:\s+10001\s+10001\s+10001\s+10001$/m);
    expect(status).toContain('node\0dist/server/main.js');

    const stop = await terminate(app);
    expect(stop.exitCode).toBe('0');
    expect(stop.ms).toBeLessThan(10_000);

    const logs = await app.logs();
    expect(logs).toContain('listening on');
    expect(logs).toContain('shutting down');
    for (const [variable, value] of Object.entries(secrets)) {
      expect(logs.includes(value), `${variable} appears in podman logs`).toBe(false);
    }
  });

  it('runs as two hardened replicas on one Redis: the same start sent to both is done once', async () => {
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    await redis.flushDb();
    await redis.quit();
    const [a, b] = await Promise.all([
      start('replica-a', { STORE_URL: REDIS_URL }, HARDENED),
      start('replica-b', { STORE_URL: REDIS_URL }, HARDENED),
    ]);
    if (!a || !b) throw new Error('two replicas expected');
    for (const replica of [a, b]) expect((await fetch(`${replica.url}/readyz`)).status).toBe(200);

    // One signed request reaching both: Slack's retry sent by a load balancer to the other replica.
    const body = new URLSearchParams({
      token: 'legacy',
      team_id: EMULATOR_DEFAULTS.teamId,
      team_domain: 'emulator',
      channel_id: CHANNEL,
      channel_name: 'general',
      user_id: EMULATOR_DEFAULTS.userId,
      user_name: 'person',
      command: '/exp',
      text: 'start 7',
      api_app_id: EMULATOR_DEFAULTS.appId,
      response_url: emulator.mintResponseUrl({ channelId: CHANNEL, userId: EMULATOR_DEFAULTS.userId }),
      trigger_id: emulator.mintTriggerId({ userId: EMULATOR_DEFAULTS.userId }),
    }).toString();
    const ts = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': signSlackRequest(signingSecret, ts, body),
    };
    const answers = await Promise.all([
      fetch(a.eventsUrl, { method: 'POST', headers, body }),
      fetch(b.eventsUrl, {
        method: 'POST',
        headers: { ...headers, 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
        body,
      }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    await emulator.waitFor(() => toldStarted(7)[0], {
      timeoutMs: 15_000,
      message: 'neither replica told the channel experiment 7 started',
    });
    // Fixed on purpose: time for a second start or a second message, were either replica to send one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(startRequests(7)).toHaveLength(1);
    expect(toldStarted(7)).toHaveLength(1);

    for (const replica of [a, b]) {
      const stop = await terminate(replica);
      expect(stop.exitCode, `${replica.name} exit code`).toBe('0');
      expect(stop.ms).toBeLessThan(10_000);
    }
  });
});
