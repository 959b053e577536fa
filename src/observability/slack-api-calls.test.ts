import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMetrics, type Metrics } from './metrics.js';
import { observeSlackApiCalls } from './slack-api-calls.js';

// A local stand-in for Slack: the path after /api/ picks the answer.
const answers: Record<string, (res: ServerResponse) => void> = {
  'chat.postMessage': (res) => json(res, 200, { ok: true, ts: '1.2' }),
  'views.open': (res) => json(res, 200, { ok: false, error: 'expired_trigger_id' }),
  'users.info': (res) => json(res, 429, { ok: false, error: 'ratelimited' }, { 'retry-after': '1' }),
  'auth.test': (res) => json(res, 503, { ok: false }),
  'team.info': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
  'conversations.info': () => {}, // never answers
  // Bodies written by hand: the opening decides only what it can.
  'chat.update': (res) => raw(res, '{"ok":true,"message":{"ok":false,"error":"nested"}}'),
  'chat.delete': (res) => raw(res, '{"ok":true,"message":{"text":"cut off'),
  'reactions.add': (res) => raw(res, ' { "ok" : false, "error" : "already_reacted" }'),
  'pins.add': (res) => raw(res, '{"ok":trueish}'),
  'bots.info': (res) => raw(res, '{"ok":true}\n'),
};

function raw(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

let server: Server;
let apiUrl: string;
let metrics: Metrics;
let observed: ReturnType<typeof observeSlackApiCalls>;

beforeAll(async () => {
  server = createServer((req, res) => {
    const method = /^\/api\/(.+)$/.exec(req.url ?? '')?.[1] ?? '';
    const answer = answers[method];
    if (answer) answer(res);
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('posted');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  metrics = createMetrics({ processMetrics: false });
  observed = observeSlackApiCalls({ apiUrl, metrics });
});

const post = (method: string, init: RequestInit = {}) =>
  observed(`${apiUrl}${method}`, { method: 'POST', ...init });
const count = async (method: string, outcome: string) => {
  const found = new RegExp(
    `^exp_slack_api_calls_total\\{method="${method}",outcome="${outcome}"\\} (\\d+)$`,
    'm',
  ).exec(await metrics.render());
  return found ? Number(found[1]) : 0;
};

describe('observeSlackApiCalls', () => {
  it('counts and times a successful call, and leaves the body for the SDK to read', async () => {
    const response = await post('chat.postMessage');
    expect(await response.json()).toEqual({ ok: true, ts: '1.2' });
    expect(await count('chat.postMessage', 'ok')).toBe(1);
    expect(await metrics.render()).toMatch(
      /^exp_slack_api_call_duration_seconds_count\{method="chat.postMessage",outcome="ok"\} 1$/m,
    );
  });

  it.each([
    ['views.open', 'expired_trigger_id'],
    ['users.info', 'rate_limited'],
    ['auth.test', 'http_error'],
    ['team.info', 'invalid_response'],
    ['chat.update', 'ok'],
    ['chat.delete', 'invalid_response'],
    ['reactions.add', 'already_reacted'],
    ['pins.add', 'invalid_response'],
    ['bots.info', 'ok'],
  ])('labels %s with outcome %s', async (method, outcome) => {
    await post(method);
    expect(await count(method, outcome)).toBe(1);
  });

  it('labels an aborted request as a timeout and a refused connection as a network error, rethrowing both', async () => {
    await expect(post('conversations.info', { signal: AbortSignal.timeout(50) })).rejects.toThrow();
    expect(await count('conversations.info', 'timeout')).toBe(1);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      observeSlackApiCalls({ apiUrl: deadUrl, metrics })(`${deadUrl}chat.update`),
    ).rejects.toThrow();
    expect(await count('chat.update', 'network_error')).toBe(1);
  });

  it('passes other URLs (response_url posts) through uncounted and bounds odd paths to `other`', async () => {
    const origin = apiUrl.replace(/api\/$/, '');
    expect(await (await observed(`${origin}response/abc`, { method: 'POST' })).text()).toBe('posted');
    expect(await metrics.render()).not.toMatch(/^exp_slack_api_calls_total\{/m);
    await post('files/upload/123?x=1');
    expect(await count('other', 'invalid_response')).toBe(1);
  });
});
