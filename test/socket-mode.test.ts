import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import {
  createSocketModeDriver,
  type SocketModeDriver,
} from '../src/dev/slack-emulator/socket-mode-driver.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { en } from '../src/slack/messages/index.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { messageText } from './support/harness.js';

const CHANNEL = 'C0GENERAL';
const USER = 'U0MEMBER1';
// @slack/socket-mode waits clientPingTimeout (5000 ms, not settable through Bolt's App) before it
// reconnects, so a reconnect takes a little over 5 s.
const RECONNECT_MS = 12_000;

let sandbox: Sandbox;
let emulator: SlackEmulator;
let app: RunningApp;
let driver: SocketModeDriver;
let appClosed = false;

beforeAll(async () => {
  sandbox = await startSandbox();
  emulator = await startSlackEmulator();
  const config = loadConfig({
    SLACK_APP_TOKEN: emulator.identity.appToken,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: 'memory://',
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'socket-mode test' }),
    CONSOLE_TIMEOUT_MS: '2000',
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SPLITTER_URL: sandbox.splitterUrl,
  });
  app = await startExpChatops(config, { port: 0, sandbox, logger: createMemoryLogger() });
  driver = createSocketModeDriver({ emulator });
});

afterAll(async () => {
  // The app goes first: with the emulator gone it would keep trying to reconnect.
  if (!appClosed) await app?.close();
  await emulator?.close();
  await sandbox?.close();
});

function connectionsOpened(): number {
  return emulator.calls.filter((c) => c.method === 'apps.connections.open' && c.response.ok === true).length;
}

function channelMessage(pattern: string) {
  return emulator.waitFor(
    () =>
      emulator
        .messages(CHANNEL)
        .find((m) => !m.ephemeral && m.source === 'chat.postMessage' && messageText(m).includes(pattern)),
    { timeoutMs: 8000, message: `no in-channel reply containing "${pattern}"` },
  );
}

describe('exp-chatops in Socket Mode', () => {
  it('opens a connection with the app-level token', async () => {
    expect(app.mode).toBe('socket');
    await emulator.socket.waitForConnection();
    expect(emulator.socket.connected()).toBe(true);
    const open = emulator.calls.find((c) => c.method === 'apps.connections.open');
    expect(open).toMatchObject({ token: emulator.identity.appToken, response: { ok: true } });
    expect(connectionsOpened()).toBe(1);
  });

  it('acks /exp start over the socket, starts the experiment and replies in the channel', async () => {
    const res = await driver.command({ text: 'start 4' });
    expect(res.ack).toBeDefined();
    const reply = await channelMessage('started experiment');
    expect(messageText(reply)).toContain(`<@${USER}>`);
    expect(sandbox.state.experiments.get(4)?.status).toBe('running');
    // The result is the experiment's card posted by the bot; no "Working on it…" note is left (one
    // appears only when the outcome takes over a second, and is then removed).
    expect(JSON.stringify(reply.blocks)).toContain('exp_lifecycle_stop');
    await emulator.waitFor(
      () => !emulator.messages(CHANNEL).some((m) => m.ephemeral && /Working on it/.test(messageText(m))),
      { message: 'a working note was left' },
    );
  });

  it("times socket acks and counts the socket connection request on the health server's /metrics", async () => {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    expect(text).toMatch(/^exp_ack_duration_seconds_count\{kind="lifecycle"\} 1$/m);
    expect(text).toMatch(
      /^exp_slack_api_calls_total\{method="apps\.connections\.open",outcome="ok"\} [1-9]/m,
    );
  });

  it('opens the stop modal from the Stop… button clicked over the socket', async () => {
    const started = await channelMessage('started experiment');
    const res = await driver.clickButton(started, 'exp_lifecycle_stop');
    expect(res.ack).toEqual({});
    const view = await emulator.waitFor(
      () =>
        [...emulator.views.values()].find((v) =>
          String(v.view.private_metadata).includes('"experimentId":4'),
        ),
      { message: 'no stop modal for experiment 4' },
    );
    expect(view.view.callback_id).toBe('exp_stop_modal');
    expect(sandbox.state.experiments.get(4)?.status).toBe('running');
  });

  it('answers /exp help in the ack itself', async () => {
    const res = await driver.command({ text: 'help' });
    const usage = messageText(res.ack as { text?: string; blocks?: unknown[] });
    expect(usage).toContain('/exp start ID');
    expect(usage).toContain('/exp archive ID');
    const shown = emulator.messages(CHANNEL).filter((m) => m.source === 'command_ack' || m.ephemeral);
    expect(shown.some((m) => messageText(m).includes('/exp start ID') && m.targetUserId === USER)).toBe(true);
  });

  it('refuses a command from a workspace the bot token does not serve, with no platform call', async () => {
    const before = sandbox.state.requests.length;
    const res = await driver.command({ text: 'start 7', teamId: 'T0OTHERWS' });
    const reply = res.ack as { text?: string; blocks?: unknown[]; response_type?: string };
    expect(reply.response_type).toBe('ephemeral');
    expect(messageText(reply)).toContain(en.servedWorkspace.otherWorkspace);
    await app.idle();
    expect(sandbox.state.requests.length).toBe(before);
    expect(sandbox.state.experiments.get(7)?.status).toBe('draft');
  });

  it('still serves /healthz on its HTTP port', async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it(
    'reconnects after a refresh_requested disconnect and keeps handling commands',
    async () => {
      const before = connectionsOpened();
      emulator.socket.disconnect('refresh_requested');
      expect(emulator.socket.connected()).toBe(false);
      await emulator.socket.waitForConnection(RECONNECT_MS);
      expect(connectionsOpened()).toBe(before + 1);
      const res = await driver.command({ text: 'help' });
      expect(messageText(res.ack as { text?: string })).toContain('/exp');
    },
    RECONNECT_MS + 5000,
  );

  it('closes its connection and its HTTP port on close()', async () => {
    appClosed = true;
    await app.close();
    await emulator.waitFor(() => !emulator.socket.connected(), { message: 'the app kept its socket open' });
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  });
});
