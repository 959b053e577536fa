import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { messageText } from './support/harness.js';

// ALLOW_SANDBOX: real Slack (here the emulator standing in for it, over HTTP) connected to the
// embedded sandbox for a demo. Every message the app posts must say so.

const CHANNEL = 'C0GENERAL';
const NOTICE = /embedded \*sandbox\* platform/;
let emulator: SlackEmulator;
let app: RunningApp;
let driver: SlackDriver;

beforeAll(async () => {
  emulator = await startSlackEmulator();
  const signingSecret = randomBytes(16).toString('hex');
  const config = loadConfig({
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: 'memory://',
    ALLOW_SANDBOX: 'true',
  });
  app = await startExpChatops(config, { port: 0, logger: createMemoryLogger('debug') });
  driver = createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator });
});
afterAll(async () => {
  await app?.close();
  await emulator?.close();
});

const hasNotice = (message: { text?: string; blocks?: unknown[] }) => NOTICE.test(messageText(message));

describe('ALLOW_SANDBOX with real Slack', () => {
  it('starts its own sandbox and connects workspaces to it', () => {
    expect(app.sandbox?.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it("names the sandbox's experiments, each with Show, while the workspace has seen none", async () => {
    await driver.command({ text: 'list', channelId: CHANNEL });
    const list = await emulator.waitFor(
      () =>
        emulator.messages(CHANNEL).find((m) => m.ephemeral && /No experiment seen yet/.test(messageText(m))),
      { message: 'no empty list' },
    );
    const text = messageText(list);
    expect(text).toContain('built-in sandbox platform');
    const sandbox = app.sandbox;
    if (!sandbox) throw new Error('no embedded sandbox');
    for (const e of sandbox.state.experiments.values()) expect(text).toContain(`*${e.name}* (#${e.id})`);
    const shows = JSON.stringify(list.blocks).match(/"action_id":"exp_show"/g) ?? [];
    expect(shows).toHaveLength(Math.min(sandbox.state.experiments.size, 12));
    await driver.command({ text: 'list checkout', channelId: CHANNEL });
    const filtered = await emulator.waitFor(
      () => emulator.messages(CHANNEL).find((m) => m.ephemeral && /matches `checkout`/.test(messageText(m))),
      { message: 'no filtered empty list' },
    );
    expect(messageText(filtered)).not.toContain('sandbox platform');
  });

  it('puts the demo notice on command acks, channel results, ephemeral replies and updated messages', async () => {
    const help = await driver.command({ text: 'help', channelId: CHANNEL });
    expect(hasNotice(help.json as { text?: string })).toBe(true);

    await driver.command({ text: 'start 4', channelId: CHANNEL });
    const started = await emulator.waitFor(
      () => emulator.messages(CHANNEL).find((m) => !m.ephemeral && /started/i.test(messageText(m))),
      { message: 'no start result in the channel' },
    );
    await driver.command({ text: 'start 999999', channelId: CHANNEL });
    await emulator.waitFor(
      () => emulator.messages(CHANNEL).find((m) => m.ephemeral && /999999/.test(messageText(m))),
      { message: 'no ephemeral not-found reply' },
    );
    await driver.command({ text: 'dict layers', channelId: CHANNEL });
    await emulator.waitFor(
      () => emulator.messages(CHANNEL).find((m) => /layers/i.test(messageText(m)) && m.ephemeral),
      {
        message: 'no dictionary page',
      },
    );
    expect(started).toBeDefined();
    await driver.command({ text: 'stop 4 bug', channelId: CHANNEL });
    // The experiment's card (its thread parent) now offers Archive.
    const stopped = await emulator.waitFor(
      () =>
        emulator
          .messages(CHANNEL)
          .find(
            (m) =>
              !m.ephemeral &&
              /stopped/i.test(messageText(m)) &&
              JSON.stringify(m.blocks).includes('exp_lifecycle_archive'),
          ),
      { message: 'no stop result in the channel' },
    );
    await driver.clickButton(stopped as EmulatedMessage, 'exp_lifecycle_archive');
    await emulator.waitFor(
      () => emulator.messages(CHANNEL).find((m) => !m.ephemeral && /archived/i.test(messageText(m))),
      { message: 'no archive result' },
    );

    const posted = emulator.messages(CHANNEL).filter((m) => m.source !== 'command');
    expect(posted.length).toBeGreaterThanOrEqual(4);
    expect(posted.filter((m) => !hasNotice(m)).map((m) => `${m.source}: ${m.text}`)).toEqual([]);
  });

  it('does not offer the sandbox’s loopback address in the connect form', async () => {
    const before = new Set(emulator.views.keys());
    await driver.command({ text: 'connect', userId: 'U0ADMIN01', channelId: CHANNEL });
    const view = await emulator.waitFor(
      () =>
        [...emulator.views.values()].find(
          (v) => !before.has(v.id) && v.view.callback_id === 'exp_connect_modal',
        ),
      { message: 'connect form did not open' },
    );
    expect(JSON.stringify(view.view)).not.toContain(app.sandbox?.url ?? 'unreachable');
  });
});
