import { connect, type Socket } from 'node:net';
import { WebSocket } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WaitForTimeoutError } from './errors.js';
import { DEFAULT_APP_TOKEN, EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';
import {
  SocketModeAckTimeoutError,
  SocketModeConnectionClosedError,
  SocketModeNotConnectedError,
} from './socket-mode-errors.js';
import { encodeClientFrame, OPCODE } from './socket-mode-frames.js';

type Json = Record<string, unknown>;
let emu: SlackEmulator;
const open: WebSocket[] = [];
const rawSockets: Socket[] = [];

beforeAll(async () => {
  emu = await startSlackEmulator({ socketAckTimeoutMs: 300 });
});
afterEach(async () => {
  for (const ws of open.splice(0)) ws.close();
  for (const socket of rawSockets.splice(0)) socket.destroy();
  await emu.waitFor(() => !emu.socket.connected(), { message: 'a test client stayed connected' });
  emu.reset();
});
afterAll(() => emu.close());

async function connectionsOpen(headers: Record<string, string>, body = '') {
  const res = await fetch(`${emu.apiUrl}apps.connections.open`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
  return (await res.json()) as Json;
}

async function socketUrl(): Promise<string> {
  const res = await connectionsOpen({ authorization: `Bearer ${emu.identity.appToken}` });
  return String(res.url);
}

/** A raw WebSocket client that queues what the emulator sends. */
async function client(url?: string) {
  const ws = new WebSocket(url ?? (await socketUrl()));
  open.push(ws);
  const queue: Json[] = [];
  const waiters: Array<(message: Json) => void> = [];
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Json;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const next = () =>
    new Promise<Json>((resolve) => {
      const queued = queue.shift();
      if (queued) resolve(queued);
      else waiters.push(resolve);
    });
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  return { ws, next, closed, send: (message: Json) => ws.send(JSON.stringify(message)) };
}

describe('apps.connections.open', () => {
  it('returns a ws URL on the emulator for the app-level token in the Authorization header', async () => {
    expect(emu.identity.appToken).toBe(DEFAULT_APP_TOKEN);
    const res = await connectionsOpen({ authorization: `Bearer ${DEFAULT_APP_TOKEN}` });
    expect(res.ok).toBe(true);
    const url = new URL(String(res.url));
    expect(`${url.protocol}//${url.host}`).toBe(emu.baseUrl.replace('http:', 'ws:'));
    expect(url.pathname).toBe('/socket');
    expect(url.searchParams.get('ticket')).toMatch(/^[0-9a-f]{32}$/);
    expect(emu.calls.at(-1)).toMatchObject({ method: 'apps.connections.open', token: DEFAULT_APP_TOKEN });
  });

  it('refuses a wrong token, a bot token, no token, and a token outside the Authorization header', async () => {
    expect(await connectionsOpen({ authorization: 'Bearer xapp-wrong' })).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
    expect(await connectionsOpen({ authorization: `Bearer ${emu.identity.botToken}` })).toEqual({
      ok: false,
      error: 'not_allowed_token_type',
    });
    expect((await connectionsOpen({})).error).toBe('not_authed');
    expect((await connectionsOpen({}, `token=${DEFAULT_APP_TOKEN}`)).error).toBe('not_authed');
  });

  it('does not let the app-level token call bot methods', async () => {
    const res = await fetch(`${emu.apiUrl}auth.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_APP_TOKEN}` },
    });
    expect(await res.json()).toEqual({ ok: false, error: 'not_allowed_token_type' });
  });

  it('honours failNext like any other method', async () => {
    emu.failNext('apps.connections.open', 'ratelimited', { retryAfterSeconds: 2 });
    const res = await fetch(`${emu.apiUrl}apps.connections.open`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_APP_TOKEN}` },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
  });
});

describe('WebSocket connection', () => {
  it('says hello with the app id, and counts as connected until it closes', async () => {
    expect(emu.socket.connected()).toBe(false);
    const c = await client();
    expect(await c.next()).toEqual({
      type: 'hello',
      num_connections: 1,
      debug_info: expect.objectContaining({ host: expect.any(String) }),
      connection_info: { app_id: EMULATOR_DEFAULTS.appId },
    });
    await emu.socket.waitForConnection();
    expect(emu.socket.connected()).toBe(true);
    c.ws.close(1000);
    expect(await c.closed).toBe(1000);
    await emu.waitFor(() => !emu.socket.connected());
  });

  it('accepts each URL once and refuses unknown tickets', async () => {
    const url = await socketUrl();
    const first = await client(url);
    expect((await first.next()).type).toBe('hello');
    const reused = new WebSocket(url);
    const bogus = new WebSocket(url.replace(/ticket=\w+/, 'ticket=nope'));
    for (const ws of [reused, bogus]) {
      const outcome = await new Promise<string>((resolve) => {
        ws.addEventListener('open', () => resolve('open'));
        ws.addEventListener('error', () => resolve('error'));
      });
      expect(outcome).toBe('error');
    }
  });

  it('times out waitForConnection when nothing connects', async () => {
    await expect(emu.socket.waitForConnection(50)).rejects.toBeInstanceOf(WaitForTimeoutError);
  });
});

describe('envelopes and acks', () => {
  it('wraps the payload in an envelope and resolves each send with its own ack', async () => {
    const c = await client();
    await c.next();
    const first = emu.socket.send('slash_commands', { command: '/exp', text: 'help' });
    const second = emu.socket.send('interactive', { type: 'block_suggestion', value: 'an' });
    const a = await c.next();
    const b = await c.next();
    expect(a).toEqual({
      envelope_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'slash_commands',
      payload: { command: '/exp', text: 'help' },
      accepts_response_payload: true,
    });
    expect(b).toMatchObject({
      type: 'interactive',
      payload: { value: 'an' },
      accepts_response_payload: true,
    });
    expect(a.envelope_id).not.toBe(b.envelope_id);
    // An ack for an envelope the emulator never sent changes nothing; acks may come in any order.
    c.send({ envelope_id: 'not-sent', payload: { text: 'stray' } });
    c.send({ envelope_id: b.envelope_id, payload: { options: [] } });
    c.send({ envelope_id: a.envelope_id, payload: { text: 'usage' } });
    expect(await first).toMatchObject({ ack: { text: 'usage' }, ackMs: expect.any(Number) });
    expect((await second).ack).toEqual({ options: [] });
  });

  it('marks events_api envelopes as not accepting a response payload', async () => {
    const c = await client();
    await c.next();
    const sent = emu.socket.send('events_api', { event: { type: 'app_uninstalled' } });
    const envelope = await c.next();
    expect(envelope).toMatchObject({ type: 'events_api', accepts_response_payload: false, retry_attempt: 0 });
    c.send({ envelope_id: envelope.envelope_id });
    expect((await sent).ack).toBeUndefined();
  });

  it('rejects when no ack comes in time, when the connection closes first, or when nobody is connected', async () => {
    await expect(emu.socket.send('interactive', {})).rejects.toBeInstanceOf(SocketModeNotConnectedError);
    const c = await client();
    await c.next();
    await expect(emu.socket.send('interactive', { type: 'view_submission' })).rejects.toBeInstanceOf(
      SocketModeAckTimeoutError,
    );
    await c.next();
    const pending = emu.socket.send('interactive', { type: 'block_actions' });
    await c.next();
    c.ws.close();
    await expect(pending).rejects.toBeInstanceOf(SocketModeConnectionClosedError);
  });
});

describe('disconnect', () => {
  it('tells every live connection why, and stops counting them as connected', async () => {
    const c = await client();
    await c.next();
    await emu.socket.waitForConnection();
    emu.socket.disconnect('refresh_requested');
    expect(await c.next()).toEqual({
      type: 'disconnect',
      reason: 'refresh_requested',
      debug_info: { host: expect.any(String) },
    });
    expect(emu.socket.connected()).toBe(false);
    await expect(emu.socket.send('interactive', {})).rejects.toBeInstanceOf(SocketModeNotConnectedError);
    const fresh = await client();
    await fresh.next();
    await emu.socket.waitForConnection();
  });
});

describe('framing', () => {
  it('reassembles fragmented messages and answers pings on a raw socket', async () => {
    const url = new URL(await socketUrl());
    const socket = connect(Number(url.port), url.hostname);
    rawSockets.push(socket);
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
    });
    socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    // RFC 6455's sample key and its accept value; the hello follows the handshake.
    await emu.waitFor(() => received.toString('latin1').includes('"type":"hello"'));
    expect(received.toString('latin1')).toMatch(/^HTTP\/1\.1 101 /);
    expect(received.toString('latin1')).toContain('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    const sent = emu.socket.send('interactive', { n: 1 });
    const envelopeId = await emu.waitFor(() => /"envelope_id":"([^"]+)"/.exec(received.toString())?.[1]);
    const mask = Buffer.from([1, 2, 3, 4]);
    const ack = Buffer.from(JSON.stringify({ envelope_id: envelopeId, payload: { ok: 'fragmented' } }));
    socket.write(encodeClientFrame(OPCODE.text, ack.subarray(0, 10), mask, false));
    socket.write(encodeClientFrame(OPCODE.ping, Buffer.from('hi'), mask));
    socket.write(encodeClientFrame(OPCODE.continuation, ack.subarray(10), mask, true));
    expect((await sent).ack).toEqual({ ok: 'fragmented' });
    // The pong (0x8a, length 2, "hi") went out in between.
    await emu.waitFor(() => received.includes(Buffer.from([0x8a, 0x02, 0x68, 0x69])));
    socket.write(encodeClientFrame(OPCODE.close, Buffer.from([0x03, 0xe8]), mask));
    await new Promise((resolve) => socket.on('close', resolve));
    expect(received.includes(Buffer.from([0x88, 0x02, 0x03, 0xe8]))).toBe(true);
  });
});
