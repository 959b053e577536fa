import { inspect } from 'node:util';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import {
  freePort,
  json,
  type RecordingServer,
  startRecordingServer,
} from '../testing/recording-server.test-helper.js';
import { createSplitterClient, type SplitterClientOptions } from './client.js';
import {
  SplitterApiError,
  SplitterConnectionError,
  SplitterResponseError,
  SplitterTimeoutError,
} from './errors.js';
import type { ExposeManyV2Request, GetFeaturesByTagRequest } from './schemas.js';

const lookup: GetFeaturesByTagRequest = { tag: 'checkout', platform: { id: 5 }, participant: { userId: 7 } };
const exposure: ExposeManyV2Request = {
  exposures: [{ experimentLabel: 'exp-1', platform: { id: 5 }, participant: { userId: 7 } }],
};
const features = { result: { features: [{ experimentLabel: 'exp-1', label: 'test' }] } };

let server: RecordingServer;
const client = (extra: Partial<SplitterClientOptions> = {}) =>
  createSplitterClient({ baseUrl: server.baseUrl, ...extra });

beforeEach(async () => {
  server = await startRecordingServer((_req, res) => json(res, 200, features));
});
afterEach(() => server.close());

describe('timeouts', () => {
  beforeEach(() => server.respondWith(() => {}));

  it('a read that gets no headers in time is a SplitterTimeoutError with a known outcome', async () => {
    const error = await client({ timeouts: { headersMs: 200 } })
      .getFeaturesByTag(lookup)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterTimeoutError);
    expect(error).toMatchObject({ phase: 'headers', outcomeUnknown: false, method: 'getFeaturesByTag' });
    expect(server.requests).toHaveLength(1);
  });

  it('an exposure that gets no answer has an unknown outcome and is not repeated', async () => {
    const error = await client({ timeouts: { headersMs: 200 } })
      .exposeManyV2(exposure)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterTimeoutError);
    expect(error).toMatchObject({ phase: 'headers', outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });
});

describe('connection failures', () => {
  it('connection refused is a SplitterConnectionError; nothing was sent, so the outcome is known', async () => {
    const base = `http://127.0.0.1:${await freePort()}`;
    for (const call of [
      () => createSplitterClient({ baseUrl: base }).getFeaturesByTag(lookup),
      () => createSplitterClient({ baseUrl: base }).exposeManyV2(exposure),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SplitterConnectionError);
      expect(error).toMatchObject({ code: 'ECONNREFUSED', outcomeUnknown: false });
    }
  });

  it('getFeaturesByTag retries once after the connection is reset and then succeeds', async () => {
    server.respondWith((_req, res) => {
      if (server.requests.length === 1) res.socket?.destroy();
      else json(res, 200, features);
    });
    expect(await client().getFeaturesByTag(lookup)).toEqual(features.result.features);
    expect(server.requests).toHaveLength(2);
  });

  it('exposeManyV2 is never retried after a reset, and says the outcome is unknown', async () => {
    server.respondWith((_req, res) => res.socket?.destroy());
    const error = await client()
      .exposeManyV2(exposure)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterConnectionError);
    expect(error).toMatchObject({ outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });
});

describe('retry on gateway statuses', () => {
  it('getFeaturesByTag retries a 503 once', async () => {
    server.respondWith((_req, res) => {
      if (server.requests.length === 1) res.writeHead(503).end('unavailable');
      else json(res, 200, features);
    });
    expect(await client().getFeaturesByTag(lookup)).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('getFeaturesByTag gives up after the second 502', async () => {
    server.respondWith((_req, res) => res.writeHead(502).end('bad gateway'));
    const error = await client()
      .getFeaturesByTag(lookup)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SplitterApiError', status: 502, body: 'bad gateway' });
    expect(server.requests).toHaveLength(2);
  });

  it('getFeaturesByTag does not retry a 500 or a 400', async () => {
    server.respondWith((_req, res) => json(res, 500, { error: { kind: 'internal', message: 'x' } }));
    await expect(client().getFeaturesByTag(lookup)).rejects.toBeInstanceOf(SplitterApiError);
    expect(server.requests).toHaveLength(1);
  });

  it('getFeaturesByTag waits a short Retry-After and gives up on a long one', async () => {
    server.respondWith((_req, res) => {
      if (server.requests.length === 1) res.writeHead(429, { 'retry-after': '0' }).end();
      else json(res, 200, features);
    });
    expect(await client().getFeaturesByTag(lookup)).toHaveLength(1);
    expect(server.requests).toHaveLength(2);

    server.respondWith((_req, res) => res.writeHead(503, { 'retry-after': '3600' }).end('later'));
    await expect(client().getFeaturesByTag(lookup)).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(3);
  });

  it('getFeaturesByTag retries up to the attempts it is given', async () => {
    server.respondWith((_req, res) => res.writeHead(502).end('bad gateway'));
    await expect(
      client({ retry: { attempts: 3, baseDelayMs: 1 } }).getFeaturesByTag(lookup),
    ).rejects.toMatchObject({
      status: 502,
    });
    expect(server.requests).toHaveLength(3);
  });

  it.each([502, 503, 504])('exposeManyV2 does not retry a %i', async (status) => {
    server.respondWith((_req, res) => res.writeHead(status).end());
    await expect(client().exposeManyV2(exposure)).rejects.toMatchObject({ status });
    expect(server.requests).toHaveLength(1);
  });
});

describe('body limits', () => {
  it('refuses a 2xx larger than any splitter answer instead of reading it all', async () => {
    const huge = JSON.stringify({ result: { features: [] }, padding: 'x'.repeat(2 * 1024 * 1024) });
    server.respondWith((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(huge));
    const error = await client()
      .getFeaturesByTag(lookup)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterResponseError);
    expect((error as SplitterResponseError).message).toContain('over the size limit');
    // What is kept for diagnosis is short: the body is truncated, not stored.
    expect((error as SplitterResponseError).body.length).toBeLessThanOrEqual(2001);
  });

  it('says an exposure with an oversized answer may or may not have been registered', async () => {
    server.respondWith((_req, res) => res.writeHead(200).end('y'.repeat(2 * 1024 * 1024)));
    const error = await client()
      .exposeManyV2(exposure)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterResponseError);
    expect((error as Error).message).toContain('may or may not have been registered');
  });
});

describe('secrets and warnings', () => {
  const token = 'splitter-secret-token-42';

  it('never puts the token in an error or a log line, even when the platform echoes it', async () => {
    const logger = createMemoryLogger('debug');
    server.respondWith((req, res) =>
      json(res, 400, {
        error: { kind: 'unauthorized', message: `bad credentials ${req.headers.authorization}` },
        echo: token,
      }),
    );
    const error = await client({ token, logger })
      .getFeaturesByTag(lookup)
      .catch((e: unknown) => e);

    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(error).toBeInstanceOf(SplitterApiError);
    const api = error as SplitterApiError;
    expect(api.message).toContain('bad credentials');
    for (const text of [
      api.message,
      api.body,
      String(api),
      JSON.stringify(api),
      inspect(api, { depth: 5 }),
    ]) {
      expect(text).not.toContain(token);
    }
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.lines.join('\n')).not.toContain(token);
  });

  // Before the shared request core the splitter redacted the message but kept undici's error as
  // `cause` untouched, and undici's mock errors quote the request headers.
  it('keeps the token out of a transport error whose cause prints the headers', async () => {
    const mock = new MockAgent();
    mock.disableNetConnect();
    mock
      .get('http://splitter.test')
      .intercept({ path: '/exposeManyV2', method: 'POST', headers: { 'x-never': 'sent' } })
      .reply(200, '');
    const logger = createMemoryLogger('debug');
    const error = await createSplitterClient({
      baseUrl: 'http://splitter.test',
      token,
      dispatcher: mock,
      logger,
    })
      .exposeManyV2(exposure)
      .catch((e: unknown) => e);
    await mock.close();
    expect(error).toBeInstanceOf(SplitterConnectionError);
    expect(error).toMatchObject({ code: 'UND_MOCK_ERR_MOCK_NOT_MATCHED', outcomeUnknown: true });
    const cause = (error as Error).cause;
    expect(String(cause)).toContain('Bearer [redacted]');
    for (const text of [String(error), inspect(error, { depth: 10 }), inspect(cause, { depth: 10 })]) {
      expect(text).not.toContain(token);
    }
    expect(logger.lines.join('\n')).not.toContain(token);
  });

  it('warns once per unknown platform id and still sends it', async () => {
    const logger = createMemoryLogger('debug');
    const c = client({ logger });
    await c.getFeaturesByTag({ ...lookup, platform: { id: 7 } });
    await c.getFeaturesByTag({ ...lookup, platform: { id: 7 } });
    await c.getFeaturesByTag({ ...lookup, platform: { id: 4 } });

    const warnings = logger.lines.filter((l) => l.includes('behaviour not shown'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"platformId":7');
    expect(JSON.parse(server.requests[0]?.body ?? '').platform).toEqual({ id: 7 });
  });
});
