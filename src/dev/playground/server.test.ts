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

const SECRET = 'playground-test-secret';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  form: URLSearchParams;
  payload: Record<string, unknown> | undefined;
}

let emulator: SlackEmulator;
let app: Server;
let playground: RunningPlayground;
const received: Received[] = [];
let answer: { status: number; body: string } = { status: 200, body: '' };

// Stands in for the app: records what the playground sent and answers what the test says.
async function startFakeApp(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const form = new URLSearchParams(body);
      const payload = form.get('payload');
      received.push({ headers: req.headers, body, form, payload: payload ? JSON.parse(payload) : undefined });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events` };
}

beforeAll(async () => {
  emulator = await startSlackEmulator();
  const fake = await startFakeApp();
  app = fake.server;
  playground = await startPlayground({
    emulator,
    appEventsUrl: fake.url,
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
  answer = { status: 200, body: '' };
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await request(new URL(path, playground.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

async function state(userId: string, teamId?: string): Promise<PlaygroundState> {
  const team = teamId === undefined ? '' : `&teamId=${teamId}`;
  const res = await request(new URL(`/api/state?userId=${userId}${team}`, playground.url));
  return (await res.body.json()) as PlaygroundState;
}

async function slackApi(method: string, args: Record<string, unknown>) {
  const res = await request(`${emulator.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.identity.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return (await res.body.json()) as { ok: boolean; ts: string; view?: { id: string } };
}

describe('the page', () => {
  it('is served with a nonce-based CSP and loads nothing from elsewhere', async () => {
    const res = await request(playground.url);
    const html = await res.body.text();
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(html).toContain(`<script nonce="${nonce}" src="/playground.js"></script>`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(csp).toContain("default-src 'none'");
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).toContain('data-default-user="U0MEMBER1"');
  });

  it('serves its script as JavaScript from the same origin, bundled from the TypeScript sources', async () => {
    const res = await request(new URL('/playground.js', playground.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const script = await res.body.text();
    expect(script).toContain('// src/dev/playground/client/main.ts');
    expect(() => new Function(script)).not.toThrow();
  });
});

describe('POST /api/command', () => {
  it('sends a signed slash command with the user, channel and team chosen', async () => {
    const res = await post('/api/command', {
      text: 'start 4',
      userId: 'U0ADMIN01',
      channelId: 'C1RANDOM0',
      teamId: SECOND_TEAM.id,
    });
    expect(res).toEqual({ status: 200, json: { ok: true, status: 200 } });
    const [sent] = received;
    expect(sent?.form.get('command')).toBe('/exp');
    expect(sent?.form.get('text')).toBe('start 4');
    expect(sent?.form.get('user_id')).toBe('U0ADMIN01');
    expect(sent?.form.get('channel_id')).toBe('C1RANDOM0');
    expect(sent?.form.get('team_id')).toBe(SECOND_TEAM.id);
    const timestamp = Number(sent?.headers['x-slack-request-timestamp']);
    expect(sent?.headers['x-slack-signature']).toBe(signSlackRequest(SECRET, timestamp, sent?.body ?? ''));
  });

  it('reports the status the app answered and shows a non-empty ack like Slack', async () => {
    answer = { status: 200, body: JSON.stringify({ text: 'hello *there*' }) };
    await post('/api/command', { text: 'help', userId: 'U0MEMBER1', channelId: 'C0GENERAL' });
    const mine = await state('U0MEMBER1');
    expect(mine.html.channels.C0GENERAL).toContain('hello <b>there</b>');
    expect((await state('U0ADMIN01')).messages.C0GENERAL).toEqual([]);
    answer = { status: 500, body: '' };
    const failed = await post('/api/command', { text: 'help', userId: 'U0MEMBER1', channelId: 'C0GENERAL' });
    expect(failed.json).toEqual({ ok: false, status: 500 });
  });
});

describe('requests the playground refuses', () => {
  const command = { text: 'help', userId: 'U0MEMBER1', channelId: 'C0GENERAL' };
  it.each([
    ['/api/command', { ...command, userId: 'U0NOBODY' }, 400, 'unknown_user'],
    ['/api/command', { ...command, userId: 'U0BOT0001' }, 400, 'unknown_user'],
    ['/api/command', { ...command, teamId: 'T0ELSEWHERE' }, 400, 'unknown_team'],
    ['/api/command', { ...command, channelId: 'C0MISSING' }, 400, 'unknown_channel'],
    // Each workspace has its own channels: the first one's #general is not the second one's.
    ['/api/command', { ...command, teamId: SECOND_TEAM.id }, 400, 'unknown_channel'],
    ['/api/message', { ...command, threadTs: '1.000001' }, 400, 'thread_not_found'],
    ['/api/command', { ...command, command: '/invite', text: '@nobody' }, 400, 'user_not_found'],
    ['/api/command', { ...command, command: '/invite', text: '@exp-chatops' }, 400, 'already_in_channel'],
    ['/api/command', { ...command, command: 'exp' }, 400, 'invalid_request'],
    ['/api/command', { userId: 'U0MEMBER1' }, 400, 'invalid_request'],
    [
      '/api/click',
      { userId: 'U0MEMBER1', channelId: 'C0GENERAL', ts: '1.000001', actionId: 'x' },
      404,
      'message_not_found',
    ],
    ['/api/view/submit', { userId: 'U0MEMBER1', viewId: 'V0NOTOPEN', values: {} }, 404, 'view_not_open'],
    [
      '/api/options',
      { userId: 'U0MEMBER1', blockId: 'b', actionId: 'a', value: 'x' },
      400,
      'invalid_request',
    ],
    ['/api/nothing', {}, 404, 'not_found'],
  ])('%s %j → %i %s', async (path, body, status, error) => {
    const res = await post(path, body);
    expect(res.status).toBe(status);
    expect(res.json.error).toBe(error);
    expect(received).toHaveLength(0);
  });

  it('refuses a message longer than Slack takes, saying so plainly', async () => {
    const res = await post('/api/message', { ...command, text: 'x'.repeat(4001) });
    expect(res).toMatchObject({
      status: 400,
      json: {
        error: 'invalid_request',
        message:
          'The request is not valid: text: A message holds at most 4,000 characters: shorten it and send it again.',
      },
    });
    expect(emulator.messages('C0GENERAL')).toEqual([]);
  });

  it('refuses bodies that are not JSON and posts from other origins', async () => {
    expect((await post('/api/command', 'text=help', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post('/api/command', '{oops')).json.error).toBe('invalid_json');
    const foreign = await post('/api/command', command, { origin: 'https://evil.example' });
    expect(foreign).toMatchObject({ status: 403, json: { error: 'cross_origin' } });
    expect(received).toHaveLength(0);
  });

  it('refuses a Host it does not serve, as a DNS-rebinding page would send', async () => {
    const res = await request(playground.url, { headers: { host: 'evil.example:80' } });
    expect(res.statusCode).toBe(403);
    expect(((await res.body.json()) as { error: string }).error).toBe('unknown_host');
    const port = new URL(playground.url).port;
    const local = await request(playground.url, { headers: { host: `localhost:${port}` } });
    expect(local.statusCode).toBe(200);
    await local.body.dump();
  });

  it('says so when the app cannot be reached', async () => {
    const lonely = await startPlayground({
      emulator,
      appEventsUrl: 'http://127.0.0.1:1/slack/events',
      signingSecret: SECRET,
      logger: createMemoryLogger('debug'),
    });
    try {
      const res = await request(new URL('/api/command', lonely.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(command),
      });
      expect(res.statusCode).toBe(502);
      expect(((await res.body.json()) as { error: string }).error).toBe('app_unreachable');
    } finally {
      await lonely.close();
    }
  });
});

describe('what each user sees', () => {
  it('shows an ephemeral message and a modal only to the user they belong to', async () => {
    await slackApi('chat.postEphemeral', { channel: 'C0GENERAL', user: 'U0ADMIN01', text: 'for alice' });
    const opened = await slackApi('views.open', {
      trigger_id: emulator.mintTriggerId({ userId: 'U0ADMIN01' }),
      view: { type: 'modal', title: { type: 'plain_text', text: 'Hers' }, blocks: [] },
    });
    const alice = await state('U0ADMIN01');
    const bob = await state('U0MEMBER1');
    expect(alice.messages.C0GENERAL?.map((m) => m.text)).toEqual(['for alice']);
    expect(bob.messages.C0GENERAL).toEqual([]);
    expect(alice.html.modal?.viewId).toBe(opened.view?.id);
    expect(bob.html.modal).toBeNull();
    const stolen = await post('/api/view/close', { userId: 'U0MEMBER1', viewId: opened.view?.id });
    expect(stolen.status).toBe(404);
    const closed = await post('/api/view/close', { userId: 'U0ADMIN01', viewId: opened.view?.id });
    // No notify_on_close: Slack tells the app nothing, and the modal is gone.
    expect(closed.json).toEqual({ ok: true, sent: false, status: 0 });
    expect(emulator.views.size).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('adds a user to the workspace and its channels', async () => {
    const res = await post('/api/users', { name: 'Carol Tester', isAdmin: true });
    expect(res.json.user).toMatchObject({
      id: 'U0PLAY001',
      name: 'carol.tester',
      real_name: 'Carol Tester',
      is_admin: true,
    });
    expect(emulator.channels.get('G0PRIVATE')?.members).toContain('U0PLAY001');
    const carol = await state('U0PLAY001');
    expect(carol.channels.map((c) => c.id)).toContain('G0PRIVATE');
    expect(carol.users.map((u) => u.id)).toContain('U0PLAY001');
  });
});

describe('interactions in messages and modals', () => {
  it('sends block_actions for a select in a message, with the message it sits in', async () => {
    const select = {
      type: 'static_select',
      action_id: 'pick',
      options: [{ text: { type: 'plain_text', text: 'A' }, value: 'a' }],
    };
    const posted = await slackApi('chat.postMessage', {
      channel: 'C0GENERAL',
      text: 'choose',
      blocks: [{ type: 'actions', block_id: 'acts', elements: [select] }],
    });
    const action = {
      type: 'static_select',
      selected_option: { text: { type: 'plain_text', text: 'A' }, value: 'a' },
    };
    const res = await post('/api/message/action', {
      userId: 'U0MEMBER1',
      channelId: 'C0GENERAL',
      ts: posted.ts,
      blockId: 'acts',
      actionId: 'pick',
      action,
    });
    expect(res.json).toEqual({ ok: true, status: 200 });
    const payload = received[0]?.payload;
    expect(payload).toMatchObject({
      type: 'block_actions',
      container: { type: 'message', message_ts: posted.ts, channel_id: 'C0GENERAL' },
      actions: [{ ...action, block_id: 'acts', action_id: 'pick' }],
    });
    expect(typeof payload?.response_url).toBe('string');
  });

  it('passes type-ahead options through and reports options Slack would refuse', async () => {
    const opened = await slackApi('views.open', {
      trigger_id: emulator.mintTriggerId({ userId: 'U0MEMBER1' }),
      view: {
        type: 'modal',
        title: { type: 'plain_text', text: 'Find' },
        submit: { type: 'plain_text', text: 'Save' },
        blocks: [
          {
            type: 'input',
            block_id: 'b',
            label: { type: 'plain_text', text: 'Team' },
            element: { type: 'external_select', action_id: 'team' },
          },
        ],
      },
    });
    const options = [{ text: { type: 'plain_text', text: 'Checkout' }, value: 'checkout' }];
    answer = { status: 200, body: JSON.stringify({ options }) };
    const query = {
      userId: 'U0MEMBER1',
      viewId: opened.view?.id,
      blockId: 'b',
      actionId: 'team',
      value: 'che',
    };
    const res = await post('/api/options', query);
    expect(res.json).toEqual({ ok: true, status: 200, options, option_groups: [], breaches: [] });
    expect(received[0]?.payload).toMatchObject({ type: 'block_suggestion', value: 'che', action_id: 'team' });

    answer = {
      status: 200,
      body: JSON.stringify({ options: [{ text: { type: 'plain_text', text: 'x'.repeat(80) }, value: 'v' }] }),
    };
    const tooLong = await post('/api/options', query);
    expect((tooLong.json.breaches as string[]).length).toBeGreaterThan(0);
  });
});

describe('GET /api/events', () => {
  it('sends the state at once, then a newer state after every change', async () => {
    const res = await request(new URL('/api/events?userId=U0MEMBER1', playground.url));
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events: PlaygroundState[] = [];
    let buffer = '';
    let posted = false;
    const seen = (async () => {
      for await (const chunk of res.body) {
        buffer += chunk.toString();
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (data) events.push(JSON.parse(data) as PlaygroundState);
          if (events.some((e) => e.messages.C0GENERAL?.some((m) => m.text === 'live!'))) return;
        }
        // Post once the first state arrived, however the frames were split into chunks.
        if (events.length >= 1 && !posted) {
          posted = true;
          await slackApi('chat.postMessage', { channel: 'C0GENERAL', text: 'live!' });
        }
      }
    })();
    await seen;
    res.body.destroy();
    const [first] = events;
    const last = events.at(-1);
    expect(first?.messages.C0GENERAL).toEqual([]);
    expect(last?.html.channels.C0GENERAL).toContain('live!');
    expect(last?.revision).toBeGreaterThan(first?.revision ?? 0);
  });
});
