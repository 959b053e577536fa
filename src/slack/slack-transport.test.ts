import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BufferedResponse, createSlackAgent, createSlackTransport } from './slack-transport.js';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
const agent = createSlackAgent();
const transport = createSlackTransport({ dispatcher: agent });

function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
  if (req.url?.endsWith('/hang')) return; // never answers
  if (req.url?.endsWith('/chat.limited')) {
    res.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' });
    res.end('{"ok":false,"error":"ratelimited"}');
    return;
  }
  if (req.url?.endsWith('/moved')) {
    res.writeHead(302, { location: '/elsewhere' });
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-extra': 'a' });
  res.end(JSON.stringify({ ok: true, echoed: body.length, ts: '1700000000.000100', snow: '☃' }));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      answer(req, res, body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(async () => {
  await agent.destroy();
  server.closeAllConnections();
  server.close();
});

describe('the Slack transport on undici request()', () => {
  it('sends method, headers and body as given and answers a Response read from bytes, any number of times', async () => {
    const res = await transport(`${base}chat.postMessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Bearer xoxb-1' },
      body: 'channel=C1&text=hello%20%E2%98%83',
    });
    const request = seen.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/chat.postMessage');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.authorization).toBe('Bearer xoxb-1');
    expect(request?.body).toBe('channel=C1&text=hello%20%E2%98%83');

    expect(res).toBeInstanceOf(Response);
    expect(res).toBeInstanceOf(BufferedResponse);
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.statusText).toBe('OK');
    expect(res.headers.get('x-extra')).toBe('a');
    const expected = { ok: true, echoed: 33, ts: '1700000000.000100', snow: '☃' };
    expect(await res.clone().json()).toEqual(expected);
    expect(JSON.parse(await res.text())).toEqual(expected);
    expect(JSON.parse(Buffer.from(await res.arrayBuffer()).toString('utf8'))).toEqual(expected);
    expect(JSON.parse(await (await res.blob()).text())).toEqual(expected);
    expect(JSON.parse(await new Response(res.body).text())).toEqual(expected);
  });

  it('accepts Headers and header pairs as fetch does', async () => {
    await transport(`${base}a`, { method: 'POST', headers: new Headers({ 'X-One': '1' }), body: 'x' });
    expect(seen.at(-1)?.headers['x-one']).toBe('1');
    await transport(`${base}b`, { method: 'POST', headers: [['X-Two', '2']], body: 'y' });
    expect(seen.at(-1)?.headers['x-two']).toBe('2');
  });

  it('keeps a 429 and its Retry-After for the SDK, and does not follow redirects', async () => {
    const limited = await transport(`${base}chat.limited`, { method: 'POST', body: '' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    const moved = await transport(`${base}moved`, { method: 'POST', body: '' });
    expect(moved.status).toBe(302);
    expect(moved.ok).toBe(false);
    expect(seen.some((s) => s.url === '/elsewhere')).toBe(false);
  });

  it("rejects with the caller's TimeoutError when the signal fires", async () => {
    const started = performance.now();
    const error = await transport(`${base}hang`, {
      method: 'POST',
      body: 'x',
      signal: AbortSignal.timeout(150),
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('hands multipart bodies (file uploads) to the fallback fetch', async () => {
    const form = new FormData();
    form.append('file', new Blob(['abc']), 'a.txt');
    const res = await transport(`${base}files.upload`, { method: 'POST', body: form });
    expect(res).not.toBeInstanceOf(BufferedResponse);
    expect(res.status).toBe(200);
    expect(seen.at(-1)?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.at(-1)?.body).toContain('abc');
  });

  it('works as the Web API client fetch: results parsed, rate limits refused as the SDK does', async () => {
    const client = new webApi.WebClient('xoxb-test', {
      slackApiUrl: base,
      fetch: transport,
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 0 },
    });
    const posted = await client.chat.postMessage({ channel: 'C1', text: 'hi' });
    expect(posted.ok).toBe(true);
    expect(posted.ts).toBe('1700000000.000100');
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer xoxb-test');
    const refused = await client.apiCall('chat.limited').catch((e: unknown) => e);
    expect((refused as { code?: string }).code).toBe(webApi.ErrorCode.RateLimitedError);
    expect((refused as { retryAfter?: number }).retryAfter).toBe(7);
  });
});
