import type { AddressInfo } from 'node:net';
import { App, HTTPReceiver, LogLevel, SocketModeReceiver } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSlackDriver, type SlackDriver } from './driver.js';
import { unfurlDomainOf } from './link-shared.js';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';
import { createSocketModeDriver } from './socket-mode-driver.js';

const SECRET = 'link-shared-test-secret';
const { channelId, userId, botUserId } = EMULATOR_DEFAULTS;
const CONSOLE = 'https://console.example.com/experiments';
type LinkShared = {
  channel: string;
  user: string;
  message_ts: string;
  thread_ts?: string;
  unfurl_id?: string;
  source?: string;
  links: Array<{ domain: string; url: string }>;
};

/** An app that unfurls every console link it hears of, by unfurl_id or by channel and ts in turn. */
function unfurlingApp(app: App, seen: Array<{ event: LinkShared; body: Record<string, unknown> }>): void {
  app.event('link_shared', async ({ event, body, client }) => {
    const shared = event as unknown as LinkShared;
    seen.push({ event: shared, body: body as unknown as Record<string, unknown> });
    const unfurls = Object.fromEntries(
      shared.links.map((link) => [
        link.url,
        { blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `*Card* for ${link.url}` } }] },
      ]),
    );
    const where =
      seen.length % 2 === 1
        ? { unfurl_id: shared.unfurl_id, source: shared.source }
        : { channel: shared.channel, ts: shared.message_ts };
    await client.chat.unfurl({ ...where, unfurls } as Parameters<typeof client.chat.unfurl>[0]);
  });
}

let emu: SlackEmulator;
beforeAll(async () => {
  emu = await startSlackEmulator();
});
afterAll(() => emu.close());

describe('unfurl domains', () => {
  it('cover the domain and its subdomains, and are reported as registered', () => {
    const domains = ['example.com'];
    expect(unfurlDomainOf('https://example.com/1', domains)).toBe('example.com');
    expect(unfurlDomainOf('https://yet.another.Example.com/v', domains)).toBe('example.com');
    expect(unfurlDomainOf('https://notexample.com/1', domains)).toBeUndefined();
    expect(unfurlDomainOf('https://example.com.evil.test/1', domains)).toBeUndefined();
    expect(unfurlDomainOf('https://any.test/1', undefined)).toBe('any.test');
  });
});

describe('shareLink against a Bolt app over HTTP', () => {
  let app: App;
  let driver: SlackDriver;
  let url: string;
  const seen: Array<{ event: LinkShared; body: Record<string, unknown> }> = [];

  beforeAll(async () => {
    const receiver = new HTTPReceiver({
      signingSecret: SECRET,
      endpoints: '/slack/events',
      logLevel: LogLevel.ERROR,
    });
    app = new App({
      token: emu.identity.botToken,
      receiver,
      logLevel: LogLevel.ERROR,
      clientOptions: { slackApiUrl: emu.apiUrl },
    });
    unfurlingApp(app, seen);
    const server = (await app.start(0)) as { address(): AddressInfo | string | null };
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
    driver = createSlackDriver({
      appUrl: url,
      signingSecret: SECRET,
      emulator: emu,
      unfurlDomains: ['console.example.com'],
    });
  });
  afterEach(() => {
    emu.reset();
    seen.length = 0;
  });
  afterAll(() => app.stop());

  it('posts the message, delivers a signed link_shared shaped as Slack documents it, and records the unfurl', async () => {
    const link = `${CONSOLE}/4`;
    const result = await driver.shareLink({ text: `Have a look at ${link} and https://elsewhere.test/x` });
    expect(result.response?.status).toBe(200);
    expect(result.message).toMatchObject({ user: userId, channel: channelId, source: 'user' });
    expect(result.message.text).toBe(`Have a look at <${link}> and <https://elsewhere.test/x>`);
    const unfurled = await emu.waitFor(() => emu.messages(channelId).find((m) => m.unfurls?.[link]));
    expect(unfurled.unfurls?.[link]).toMatchObject({ blocks: [{ type: 'section' }] });
    const { event, body } = seen[0] ?? { event: undefined, body: {} as Record<string, unknown> };
    expect(body).toMatchObject({
      type: 'event_callback',
      team_id: emu.identity.teamId,
      api_app_id: emu.identity.appId,
      authorizations: [{ team_id: emu.identity.teamId, user_id: botUserId, is_bot: true }],
    });
    expect(body.event_id).toMatch(/^Ev[0-9A-Z]+$/);
    expect(typeof body.event_time).toBe('number');
    expect(event).toEqual({
      type: 'link_shared',
      channel: channelId,
      is_bot_user_member: true,
      user: userId,
      message_ts: result.message.ts,
      unfurl_id: expect.stringMatching(new RegExp(`^${channelId}\\.`)),
      source: 'conversations_history',
      // Only the link on an unfurl domain: Slack sends the app nothing about the other one.
      links: [{ domain: 'console.example.com', url: link }],
      event_ts: expect.stringMatching(/^\d+\.\d{6}$/),
    });
  });

  it('carries thread_ts for a link shared in a thread, where chat.unfurl by channel and ts works too', async () => {
    const parent = emu.postUserMessage({ channelId, userId, text: 'thread' });
    await driver.shareLink({ url: `${CONSOLE}/1`, threadTs: parent.ts });
    const second = await driver.shareLink({ url: `${CONSOLE}/2`, threadTs: parent.ts });
    await emu.waitFor(() => emu.thread(channelId, parent.ts).filter((m) => m.unfurls).length === 2);
    expect(seen.map((s) => s.event.thread_ts)).toEqual([parent.ts, parent.ts]);
    expect(emu.thread(channelId, second.message.ts)[2]?.unfurls).toHaveProperty(`${CONSOLE}/2`);
  });

  it('sends nothing for links off the unfurl domains, and the app’s signature check refuses a forged event', async () => {
    const result = await driver.shareLink({ text: 'see https://elsewhere.test/1' });
    expect(result).toMatchObject({ event: undefined, response: undefined });
    expect(emu.messages(channelId)).toHaveLength(1);

    const forger = createSlackDriver({ appUrl: url, signingSecret: 'not-the-secret', emulator: emu });
    const forged = await forger.shareLink({ url: `${CONSOLE}/9` });
    expect(forged.response?.status).toBe(401);
    expect(seen).toEqual([]);
  });
});

describe('shareLink against a Bolt app in Socket Mode', () => {
  let app: App;
  const seen: Array<{ event: LinkShared; body: Record<string, unknown> }> = [];

  beforeAll(async () => {
    const receiver = new SocketModeReceiver({
      appToken: emu.identity.appToken,
      logLevel: LogLevel.ERROR,
      installerOptions: { clientOptions: { slackApiUrl: emu.apiUrl } },
    });
    app = new App({
      token: emu.identity.botToken,
      receiver,
      logLevel: LogLevel.ERROR,
      clientOptions: { slackApiUrl: emu.apiUrl },
    });
    unfurlingApp(app, seen);
    await app.start();
    await emu.socket.waitForConnection(5000);
  });
  afterAll(async () => {
    await app.stop();
    // Closing the emulator under a socket still closing would make the client log an error.
    await emu.waitFor(() => !emu.socket.connected(), { message: 'the Bolt app stayed connected' });
  });

  it('sends link_shared in an events_api envelope the app acks, and the app unfurls', async () => {
    const driver = createSocketModeDriver({ emulator: emu, unfurlDomains: ['example.com'] });
    const link = `${CONSOLE}/7`;
    const result = await driver.shareLink({ url: link });
    expect(result.ack).toBeDefined();
    expect(result.event).toMatchObject({ type: 'event_callback', event: { type: 'link_shared' } });
    const unfurled = await emu.waitFor(() => emu.messages(channelId).find((m) => m.unfurls?.[link]));
    expect(unfurled.ts).toBe(result.message.ts);
    expect(seen[0]?.event.links).toEqual([{ domain: 'example.com', url: link }]);
  });
});
