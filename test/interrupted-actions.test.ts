import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { LEASE_MS } from '../src/core/intents.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { createSlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { messageText } from './support/harness.js';
import { openIntentReader } from './support/intent-reader.js';

// The app killed (SIGKILL) between the platform call and the reply: the next process (or any
// replica's sweep) reports the action to its channel as "outcome unknown", naming the person, once.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
// Redis: the store replicas share (their once-guard is Redis's SET NX); its own database, flushed.
const storeUrl = 'redis://127.0.0.1:6379/12';
const signingSecret = randomBytes(16).toString('hex');
const encryptionKey = randomBytes(32).toString('base64');
let sandbox: Sandbox;
let emulator: SlackEmulator;
let child: ChildProcess | undefined;
const apps: RunningApp[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  const redis = createClient({ url: storeUrl });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
  sandbox = await startSandbox();
  emulator = await startSlackEmulator();
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const app of apps) await app.close();
  sandbox?.setLatency(0);
  await emulator?.close();
  await sandbox?.close();
});

/** Until the killed process's intent is one a starting replica's sweep reports. */
async function untilOrphaned(): Promise<void> {
  const reader = await openIntentReader(storeUrl);
  try {
    await reader.untilNonePending(30_000);
  } finally {
    await reader.close();
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function spawnChild(): Promise<number> {
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await emulator.waitFor(() => out.includes('listening on'), {
    timeoutMs: 20_000,
    message: 'the app did not start',
  });
  return port;
}

describe('an action interrupted by a killed process', () => {
  it('is reported once as outcome unknown by the next process', async () => {
    const token = await sandbox.issueToken({ name: 'interrupted' });
    env = {
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_BOT_TOKEN: emulator.identity.botToken,
      SLACK_API_URL: emulator.apiUrl,
      STORE_URL: storeUrl,
      CONSOLE_BASE_URL: sandbox.url,
      CONSOLE_API_TOKEN: token,
      TOKEN_ENCRYPTION_KEY: encryptionKey,
      // Short, so the intent's deadline (twice this plus 5 s) passes within the test.
      CONSOLE_TIMEOUT_MS: '1500',
    };
    const port = await spawnChild();

    // The platform takes its time; the process dies while waiting for it.
    sandbox.setLatency(30_000, { pathIncludes: '/experiments/v1/4/start' });
    const driver = createSlackDriver({
      appUrl: `http://127.0.0.1:${port}/slack/events`,
      signingSecret,
      emulator,
    });
    await driver.command({ text: 'start 4', userId: EMULATOR_DEFAULTS.userId });
    await emulator.waitFor(
      () => sandbox.state.requests.some((r) => r.url.endsWith('/experiments/v1/4/start')),
      {
        message: 'the platform never received the start',
      },
    );
    child?.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    sandbox.setLatency(0);
    // The person saw only the first acknowledgement, never an outcome.
    expect(
      emulator
        .messages(CHANNEL)
        .some((m) => /started experiment \*Onboarding tour\* \(#4\)/.test(messageText(m))),
    ).toBe(false);

    // Past the intent's deadline and the dead process's lease, two replicas start together: one report.
    await untilOrphaned();
    const config = loadConfig(env);
    for (let i = 0; i < 2; i++)
      apps.push(await startExpChatops(config, { port: 0, logger: createMemoryLogger('debug'), sandbox }));
    const report = await emulator.waitFor(
      () =>
        emulator.messages(CHANNEL).find((m) => /The app stopped while it was sending/.test(messageText(m))),
      { timeoutMs: 10_000, message: 'the interrupted action was not reported' },
    );
    const text = messageText(report);
    expect(text).toContain(`*start* on experiment *4* for <@${EMULATOR_DEFAULTS.userId}>`);
    expect(text).toContain('whether it was applied is unknown');
    expect(text).toContain('/exp show 4');
    await Promise.all(apps.map((app) => app.idle()));
    // Fixed on purpose: a second report would come from the other replica's sweep, which nothing awaits.
    await new Promise((r) => setTimeout(r, 500));
    expect(
      emulator.messages(CHANNEL).filter((m) => /The app stopped while it was sending/.test(messageText(m))),
    ).toHaveLength(1);
  }, 60_000);

  it('is said again as done, never as unknown, when the process died while telling it', async () => {
    const port = await spawnChild();
    const driver = createSlackDriver({
      appUrl: `http://127.0.0.1:${port}/slack/events`,
      signingSecret,
      emulator,
    });
    // The platform answers at once; Slack posts the channel's message but its answer never
    // reaches the process, which dies waiting for it.
    emulator.holdNextReply('chat.postMessage', 30_000);
    await driver.command({ text: 'start 7', userId: EMULATOR_DEFAULTS.userId });
    await emulator.waitFor(
      () =>
        emulator.calls.some(
          (c) =>
            c.method === 'chat.postMessage' &&
            JSON.stringify(c.args).includes('experiment *Delivery slot hints: retro* (#7)'),
        ),
      { timeoutMs: 10_000, message: 'the app never posted the outcome' },
    );
    expect(sandbox.state.experiments.get(7)?.status).toBe('running');
    child?.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));

    await untilOrphaned();
    apps.push(
      await startExpChatops(loadConfig(env), { port: 0, logger: createMemoryLogger('debug'), sandbox }),
    );
    const repeat = await emulator.waitFor(
      // Named: the action's record was written when the platform answered, before the crash.
      () =>
        emulator
          .messages(CHANNEL)
          .find((m) => /experiment \*Delivery slot hints: retro\* \(#7\) .*was applied/.test(messageText(m))),
      { timeoutMs: 10_000, message: 'the told outcome was not said again' },
    );
    expect(messageText(repeat)).toContain('this may repeat an earlier message');
    await Promise.all(apps.map((app) => app.idle()));
    const about7 = emulator.messages(CHANNEL).filter((m) => /experiment \*7\*|\(#7\)/.test(messageText(m)));
    expect(about7.filter((m) => /The app stopped while it was sending/.test(messageText(m)))).toEqual([]);
    expect(about7.filter((m) => /was applied/.test(messageText(m)))).toHaveLength(1);
  }, 60_000);

  it("is reported as soon as the dead process's lease has expired when the next one starts at once", async () => {
    const port = await spawnChild();
    sandbox.setLatency(30_000, { pathIncludes: '/experiments/v1/8/archive' });
    const driver = createSlackDriver({
      appUrl: `http://127.0.0.1:${port}/slack/events`,
      signingSecret,
      emulator,
    });
    await driver.command({ text: 'archive 8', userId: EMULATOR_DEFAULTS.userId });
    await emulator.waitFor(
      () => sandbox.state.requests.some((r) => r.url.endsWith('/experiments/v1/8/archive')),
      { message: 'the platform never received the archive' },
    );
    const sentAt = Date.now();
    child?.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    sandbox.setLatency(0);
    // No wait: the new process's first sweep still sees the dead one's lease and deadline alive,
    // and must look again when they end, not at the next minute's sweep.
    apps.push(
      await startExpChatops(loadConfig(env), { port: 0, logger: createMemoryLogger('debug'), sandbox }),
    );
    await emulator.waitFor(
      () =>
        emulator
          .messages(CHANNEL)
          .find(
            (m) =>
              /The app stopped while it was sending/.test(messageText(m)) &&
              /experiment \*8\*/.test(messageText(m)),
          ),
      { timeoutMs: 25_000, message: 'the interrupted archive was not reported within 25 s' },
    );
    // The intent's deadline is 8 s after sending (CONSOLE_TIMEOUT_MS 1500) and the lease ends
    // within LEASE_MS of the kill: the report follows the later of the two, well under a minute.
    expect(Date.now() - sentAt).toBeLessThan(LEASE_MS + 8_000 + 3_000);
  }, 60_000);
});
