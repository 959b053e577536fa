import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import {
  freePort,
  json,
  type RecordingServer,
  startRecordingServer,
} from '../testing/recording-server.test-helper.js';
import { createSplitterClient, type SplitterClientOptions } from './client.js';
import { SplitterApiError, SplitterConnectionError, SplitterTimeoutError } from './errors.js';
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

  it.each([502, 503, 504])('exposeManyV2 does not retry a %i', async (status) => {
    server.respondWith((_req, res) => res.writeHead(status).end());
    await expect(client().exposeManyV2(exposure)).rejects.toMatchObject({ status });
    expect(server.requests).toHaveLength(1);
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
