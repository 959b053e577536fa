import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../observability/logger.js';
import { signSlackRequest } from '../slack-emulator/driver.js';
import { type SlackEmulator, startSlackEmulator } from '../slack-emulator/server.js';
import { type RunningPlayground, startPlayground } from './server.js';
import type { PlaygroundState } from './state.js';
import { SECOND_TEAM } from './teams.js';

const SECRET = 'conversations-test-secret';
const BOB = 'U0MEMBER1';
const CONSOLE = 'https://console.example.com/experiments';

let emulator: SlackEmulator;
let app: Server;
let playground: RunningPlayground;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  emulator = await startSlackEmulator();
  app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  playground = await startPlayground({
    emulator,
    appEventsUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}/slack/events`,
    signingSecret: SECRET,
    logger: createMemoryLogger('debug'),
    unfurlDomains: ['console.example.com'],
  });
});
afterAll(async () => {
  await playground?.close();
  await new Promise((resolve) => app?.close(resolve));
  await emulator?.close();
});
beforeEach(() => {
  emulator.reset();
  received.length = 0;
});

async function post(path: string, body: Record<string, unknown>) {
  const res = await request(new URL(path, playground.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

async function state(teamId = emulator.identity.teamId, userId = BOB): Promise<PlaygroundState> {
  const res = await request(new URL(`/api/state?userId=${userId}&teamId=${teamId}`, playground.url));
  return (await res.body.json()) as PlaygroundState;
}

async function asBot(method: string, args: Record<string, unknown>) {
  const res = await request(`${emulator.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.identity.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return (await res.body.json()) as { ok: boolean; ts: string; error?: string };
}

describe('each workspace', () => {
  it('has channels and messages of its own, which the app reaches with its one token', async () => {
    const first = await state();
    const second = await state(SECOND_TEAM.id);
    expect(first.channels.map((c) => c.label)).toEqual(['#general', '#random', '#secret']);
    expect(second.channels.map((c) => [c.id, c.label])).toEqual([
      ['C1GENERAL', '#general'],
      ['C1RANDOM0', '#random'],
      ['G1PRIVATE', '#secret'],
    ]);
    // The app answers a command from the second workspace in its channel, with no team in the call.
    expect((await asBot('chat.postMessage', { channel: 'C1GENERAL', text: 'second only' })).ok).toBe(true);
    expect((await state(SECOND_TEAM.id)).html.channels.C1GENERAL).toContain('second only');
    expect(JSON.stringify((await state()).html.channels)).not.toContain('second only');
  });

  it('names a direct message with the app after the app, not after the person reading it', async () => {
    expect((await asBot('chat.postMessage', { channel: BOB, text: 'a word for Bob' })).ok).toBe(true);
    const dm = (await state()).channels.find((c) => c.isIm);
    expect(dm?.label).toBe('@exp-chatops');
  });

  it('sends the app its team and channel for a typed command', async () => {
    const res = await post('/api/command', {
      userId: BOB,
      teamId: SECOND_TEAM.id,
      channelId: 'G1PRIVATE',
      text: 'help',
    });
    expect(res.json).toEqual({ ok: true, status: 200 });
    const form = new URLSearchParams(received[0]?.body);
    expect([form.get('team_id'), form.get('channel_id'), form.get('channel_name')]).toEqual([
      SECOND_TEAM.id,
      'G1PRIVATE',
      'secret',
    ]);
  });
});

describe('a channel named with # in a command', () => {
  const sent = async (userId: string, text: string) => {
    received.length = 0;
    await post('/api/command', { userId, channelId: 'C0GENERAL', text });
    return new URLSearchParams(received[0]?.body).get('text');
  };

  it('reaches the app as Slack escapes it, <#C…|name>, for a channel the person can see', async () => {
    expect(await sent(BOB, 'subscribe #random events:stop, #General.')).toBe(
      'subscribe <#C0RANDOM0|random> events:stop, <#C0GENERAL|general>.',
    );
    expect(await sent(BOB, 'subscribe #secret')).toBe('subscribe <#G0PRIVATE|secret>');
  });

  it('stays as typed when no such channel is there for the person, or it is no channel name', async () => {
    expect(await sent(BOB, 'subscribe #nowhere')).toBe('subscribe #nowhere');
    expect(await sent('U0GUEST01', 'subscribe #secret')).toBe('subscribe #secret');
    expect(await sent(BOB, 'stop 2 other bug#random')).toBe('stop 2 other bug#random');
  });
});

describe('/invite', () => {
  it('adds the app to a private channel, shows Slack’s line, and tells the app nothing', async () => {
    expect((await asBot('chat.postMessage', { channel: 'G0PRIVATE', text: 'x' })).error).toBe(
      'not_in_channel',
    );
    const res = await post('/api/command', {
      userId: BOB,
      channelId: 'G0PRIVATE',
      command: '/invite',
      text: '@exp-chatops',
    });
    expect(res.json).toEqual({ ok: true, status: 0, joined: ['U0BOT0001'] });
    expect(received).toEqual([]);
    expect((await asBot('chat.postMessage', { channel: 'G0PRIVATE', text: 'now I can' })).ok).toBe(true);
    const html = (await state()).html.channels.G0PRIVATE ?? '';
    expect(html).toContain('was added to #secret by Bob Member.');
    expect(html.indexOf('was added')).toBeLessThan(html.indexOf('now I can'));
    expect((await state()).channels.find((c) => c.id === 'G0PRIVATE')?.botIsMember).toBe(true);
  });

  it('refuses in plain words what Slack refuses', async () => {
    const invite = (text: string, channelId = 'C0GENERAL') =>
      post('/api/command', { userId: BOB, channelId, command: '/invite', text });
    expect((await invite('')).json).toMatchObject({
      error: 'invalid_request',
      message: 'Say who to add, for example /invite @exp-chatops.',
    });
    expect((await invite('@exp-chatops')).json).toMatchObject({
      error: 'already_in_channel',
      message: 'exp-chatops is already in #general.',
    });
    expect((await invite('@zed')).json).toMatchObject({
      message: 'No one called @zed is in this workspace.',
    });
  });
});

describe('what a person types that is not a command', () => {
  it('posts it as theirs, escaped, and sends no event for links off the unfurl domains', async () => {
    const res = await post('/api/message', {
      userId: BOB,
      channelId: 'C0GENERAL',
      text: '<img src=x> see https://elsewhere.test/1',
    });
    expect(res.json).toMatchObject({ ok: true, status: 0, linkShared: false });
    expect(received).toEqual([]);
    const html = (await state()).html.channels.C0GENERAL ?? '';
    expect(html).toContain('&lt;img src=x&gt; see <a class="bk-link" href="https://elsewhere.test/1"');
    expect(html).not.toContain('<img');
  });

  it('delivers a signed link_shared for a link on an unfurl domain, and shows the app’s unfurl', async () => {
    const link = `${CONSOLE}/4`;
    const res = await post('/api/message', { userId: BOB, channelId: 'C0GENERAL', text: `look ${link}` });
    expect(res.json).toMatchObject({ ok: true, status: 200, linkShared: true });
    const [sent] = received;
    const timestamp = Number(sent?.headers['x-slack-request-timestamp']);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['x-slack-signature']).toBe(signSlackRequest(SECRET, timestamp, sent?.body ?? ''));
    const body = JSON.parse(sent?.body ?? '{}') as { event: Record<string, unknown>; team_id: string };
    expect(body.team_id).toBe(emulator.identity.teamId);
    expect(body.event).toMatchObject({
      type: 'link_shared',
      channel: 'C0GENERAL',
      user: BOB,
      message_ts: res.json.ts,
      links: [{ domain: 'console.example.com', url: link }],
    });
    const unfurled = await asBot('chat.unfurl', {
      channel: 'C0GENERAL',
      ts: res.json.ts,
      unfurls: { [link]: { title: 'Experiment 4', title_link: link, text: '*running*', color: 'good' } },
    });
    expect(unfurled.ok).toBe(true);
    const html = (await state()).html.channels.C0GENERAL ?? '';
    expect(html).toContain(`<div class="msg-unfurl att-good" data-url="${link}">`);
    expect(html).toContain('<div class="att-text"><b>running</b></div>');
  });
});

describe('threads', () => {
  it('shows “N replies” under the parent and the thread by its parent, replies included', async () => {
    const parent = await asBot('chat.postMessage', { channel: 'C0GENERAL', text: 'Experiment 4' });
    await asBot('chat.postMessage', { channel: 'C0GENERAL', text: 'started', thread_ts: parent.ts });
    const reply = await post('/api/message', {
      userId: BOB,
      channelId: 'C0GENERAL',
      text: 'thanks',
      threadTs: parent.ts,
    });
    expect(reply.json).toMatchObject({ ok: true });
    const seen = await state();
    const channel = seen.html.channels.C0GENERAL ?? '';
    expect(channel).toContain(`data-thread-ts="${parent.ts}" aria-label="Open the thread: 2 replies"`);
    expect(channel).not.toContain('started');
    const thread = seen.html.threads.C0GENERAL?.[parent.ts] ?? '';
    expect(thread.indexOf('Experiment 4')).toBeLessThan(thread.indexOf('started'));
    expect(thread.indexOf('started')).toBeLessThan(thread.indexOf('thanks'));
    expect(thread).toContain('<div class="thread-divider"><span>2 replies</span></div>');
  });
});
