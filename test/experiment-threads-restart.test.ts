import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { createSlackDriver } from '../src/dev/slack-emulator/driver.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { messageText } from './support/harness.js';

// The thread of an experiment in a channel is remembered in the store: a restarted app (or another
// replica) keeps posting follow-ups under the same parent instead of starting a new one.

const CHANNEL = 'C0GENERAL';
let sandbox: Sandbox;
let emulator: SlackEmulator;
const running: RunningApp[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  emulator = await startSlackEmulator();
});
afterAll(async () => {
  for (const app of running) await app.close().catch(() => undefined);
  await emulator?.close();
  await sandbox?.close();
});

it('keeps one thread per experiment and channel across a restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'exp-threads-'));
  const signingSecret = randomBytes(16).toString('hex');
  const config = loadConfig({
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: `sqlite://${join(dir, 'store.sqlite')}`,
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'restart' }),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const start = async () => {
    const app = await startExpChatops(config, { port: 0, logger: createMemoryLogger('debug') });
    running.push(app);
    return { app, driver: createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator }) };
  };
  const parents = () =>
    emulator
      .messages(CHANNEL)
      .filter(
        (m) =>
          !m.ephemeral &&
          (m.thread_ts === undefined || m.thread_ts === m.ts) &&
          messageText(m).includes('*Courier dispatch switchback* (#8)'),
      );

  const first = await start();
  await first.driver.command({ text: 'stop 8 bug' });
  const parent = await emulator.waitFor(() => parents()[0], { message: 'no card of experiment 8' });
  // A shutdown right after the reply: acked work is drained before the store closes.
  await first.app.close();

  const second = await start();
  await second.driver.command({ text: 'archive 8' });
  const reply = await emulator.waitFor(
    () =>
      emulator
        .messages(CHANNEL)
        .find(
          (m) =>
            m.thread_ts === parent.ts &&
            /archived experiment \*Courier dispatch switchback\* \(#8\)/.test(messageText(m)),
        ),
    { message: 'the archive did not join the thread' },
  );
  expect(reply.ts).not.toBe(parent.ts);
  expect(parents()).toHaveLength(1);
  await emulator.waitFor(
    () => messageText(parents()[0]).includes('archived experiment *Courier dispatch switchback* (#8)'),
    {
      message: 'the parent was not brought up to date',
    },
  );
});
