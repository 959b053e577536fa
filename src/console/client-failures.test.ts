import { createServer } from 'node:net';
import { errors, MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replyWith, startRecordingServer } from '../testing/recording-server.test-helper.js';
import { createConsoleAgent } from './agent.js';
import { createConsoleClient } from './client.js';
import {
  ConnectionError,
  ConsoleTimeoutError,
  ServerError,
  UnexpectedResponseError,
  UnexpectedStatusError,
} from './errors.js';

const ORIGIN = 'http://console.test';
const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };
let mock: MockAgent;

beforeEach(() => {
  mock = new MockAgent();
  mock.disableNetConnect();
});
afterEach(async () => {
  await mock.close();
});

const client = (retry = FAST_RETRY) =>
  createConsoleClient({ connection: { baseUrl: ORIGIN, token: 'tkn-123456' }, dispatcher: mock, retry });
const pool = () => mock.get(ORIGIN);
const startPath = '/api/console/experiments/v1/5/start';
const tagsPath = '/api/console/experiments/v1/dictionaries/tags';

describe('responses that break the contract', () => {
  it.each([500, 502, 503])('maps %i to ServerError and does not retry a POST', async (status) => {
    pool().intercept({ path: startPath, method: 'POST' }).reply(status, 'boom');
    const error = await client()
      .start(5)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status, body: 'boom' });
    mock.assertNoPendingInterceptors();
  });

  it.each([
    ['truncated JSON', '{"ok": tr'],
    ['not JSON', '<html>ok</html>'],
    ['empty', ''],
    ['{ok:false}', '{"ok":false}'],
    ['an array', '[]'],
    ['ok as a string', '{"ok":"true"}'],
  ])('rejects a lifecycle 200 with %s as UnexpectedResponseError', async (_label, body) => {
    pool().intercept({ path: startPath, method: 'POST' }).reply(200, body);
    const error = await client()
      .start(5)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ status: 200, body });
  });

  it('rejects non-JSON from create and dictionaries', async () => {
    pool().intercept({ path: '/api/console/experiments/v1', method: 'POST' }).reply(201, 'created!');
    pool().intercept({ path: tagsPath }).reply(200, '["a",');
    await expect(client().createExperiment({ a: 1 })).rejects.toBeInstanceOf(UnexpectedResponseError);
    await expect(client().getDictionary('tags')).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('maps an undescribed status to UnexpectedStatusError', async () => {
    pool().intercept({ path: startPath, method: 'POST' }).reply(409, 'conflict');
    await expect(client().start(5)).rejects.toBeInstanceOf(UnexpectedStatusError);
  });
});

describe('retries', () => {
  it('retries a GET after two 503s and returns the third answer', async () => {
    pool().intercept({ path: tagsPath }).reply(503, 'busy').times(2);
    pool().intercept({ path: tagsPath }).reply(200, '["beta"]');
    await expect(client().getDictionary('tags')).resolves.toEqual(['beta']);
    mock.assertNoPendingInterceptors();
  });

  it('stops after the configured attempts and throws the last error', async () => {
    // Exactly three replies: a fourth try would hit "no interceptor" instead of a ServerError.
    pool().intercept({ path: tagsPath }).reply(503, 'busy').times(3);
    const error = await client()
      .getDictionary('tags')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503 });
    mock.assertNoPendingInterceptors();
  });

  it('retries a GET after a connection error and a 504', async () => {
    pool().intercept({ path: tagsPath }).replyWithError(new errors.SocketError('other side closed'));
    pool().intercept({ path: tagsPath }).reply(504, '');
    pool().intercept({ path: tagsPath }).reply(200, '[]');
    await expect(client().getDictionary('tags')).resolves.toEqual([]);
  });

  it('honours a short Retry-After on 429 and gives up on a long one', async () => {
    pool()
      .intercept({ path: tagsPath })
      .reply(429, '', { headers: { 'retry-after': '0' } });
    pool().intercept({ path: tagsPath }).reply(200, '[]');
    await expect(client().getDictionary('tags')).resolves.toEqual([]);
    pool()
      .intercept({ path: tagsPath })
      .reply(429, '', { headers: { 'retry-after': '3600' } });
    await expect(client().getDictionary('tags')).rejects.toMatchObject({ status: 429 });
    mock.assertNoPendingInterceptors();
  });

  it('does not retry a GET on 500 or 400', async () => {
    pool().intercept({ path: tagsPath }).reply(500, 'bug');
    await expect(client().getDictionary('tags')).rejects.toBeInstanceOf(ServerError);
    mock.assertNoPendingInterceptors();
  });

  it('never retries a POST after a connection reset, and says the outcome is unknown', async () => {
    let calls = 0;
    pool()
      .intercept({ path: startPath, method: 'POST' })
      .reply(() => {
        calls++;
        throw new errors.SocketError('other side closed');
      })
      .persist();
    const error = await client()
      .start(5)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ outcomeUnknown: true });
    expect(calls).toBe(1);
  });
});

describe('real sockets', () => {
  it('reports a refused connection as ConnectionError with a known outcome, for POST too', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const agent = createConsoleAgent();
    const api = createConsoleClient({
      connection: { baseUrl: `http://127.0.0.1:${port}`, token: 'tkn-123456' },
      dispatcher: agent,
      retry: FAST_RETRY,
    });
    const error = await api.start(5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ outcomeUnknown: false });
    await expect(api.getDictionary('tags')).rejects.toMatchObject({ outcomeUnknown: false });
    await agent.close();
  });

  it('times out a POST the server never answers, with outcome unknown, and does not retry', async () => {
    const server = await startRecordingServer(replyWith(() => 'hang'));
    const agent = createConsoleAgent();
    const api = createConsoleClient({
      connection: { baseUrl: server.baseUrl, token: 'tkn-123456' },
      dispatcher: agent,
      timeouts: { headersMs: 200 },
    });
    try {
      const error = await api.start(5).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConsoleTimeoutError);
      expect(error).toMatchObject({ outcomeUnknown: true, method: 'POST', path: '/experiments/v1/5/start' });
      expect(server.requests).toHaveLength(1);
    } finally {
      await agent.destroy();
      await server.close();
    }
  });

  it('times out a GET the server never answers, retrying up to the attempts', async () => {
    const server = await startRecordingServer(replyWith(() => 'hang'));
    const agent = createConsoleAgent();
    const api = createConsoleClient({
      connection: { baseUrl: server.baseUrl, token: 'tkn-123456' },
      dispatcher: agent,
      timeouts: { headersMs: 150 },
      retry: { attempts: 2, baseDelayMs: 1 },
    });
    try {
      const error = await api.getDictionary('teams').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConsoleTimeoutError);
      expect(error).toMatchObject({ outcomeUnknown: false });
      expect(server.requests).toHaveLength(2);
    } finally {
      await agent.destroy();
      await server.close();
    }
  });

  it('reports a reset after the POST arrived as outcome unknown, sent once', async () => {
    const server = await startRecordingServer(replyWith(() => 'reset'));
    const agent = createConsoleAgent();
    const api = createConsoleClient({
      connection: { baseUrl: server.baseUrl, token: 'tkn-123456' },
      dispatcher: agent,
    });
    try {
      const error = await api.stop(5, { interruptReason: 'bug' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ outcomeUnknown: true });
      expect(server.requests).toHaveLength(1);
    } finally {
      await agent.close();
      await server.close();
    }
  });
});
