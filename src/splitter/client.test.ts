import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, type RecordingServer, startRecordingServer } from '../testing/recording-server.test-helper.js';
import { createSplitterClient, type SplitterClientOptions } from './client.js';
import { SplitterApiError, SplitterRequestError, SplitterResponseError } from './errors.js';
import type { ExposeManyV2Request, GetFeaturesByTagRequest } from './schemas.js';

const lookup: GetFeaturesByTagRequest = {
  tag: 'checkout',
  platform: { id: 1 },
  participant: { userId: 42 },
};
const exposure: ExposeManyV2Request = {
  exposures: [
    { experimentLabel: 'exp-1', platform: { id: 4, version: '7.1' }, participant: { visitorId: 'v-1' } },
  ],
};

let server: RecordingServer;
const client = (extra: Partial<SplitterClientOptions> = {}) =>
  createSplitterClient({ baseUrl: server.baseUrl, ...extra });

beforeEach(async () => {
  server = await startRecordingServer((_req, res) => json(res, 200, { result: { features: [] } }));
});
afterEach(() => server.close());

describe('request shape', () => {
  it('posts JSON to {base}/<method> without a trailing slash by default', async () => {
    await client().getFeaturesByTag(lookup);
    server.respondWith((_req, res) => res.writeHead(200).end());
    await client().exposeManyV2(exposure);

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /getFeaturesByTag',
      'POST /exposeManyV2',
    ]);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual(lookup);
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual(exposure);
  });

  it('appends the trailing slash when configured, also under a base path with its own slash', async () => {
    await createSplitterClient({
      baseUrl: `${server.baseUrl}/splitter/`,
      trailingSlash: true,
    }).getFeaturesByTag(lookup);
    server.respondWith((_req, res) => res.writeHead(200).end());
    await client({ trailingSlash: true }).exposeManyV2(exposure);

    expect(server.requests.map((r) => r.url)).toEqual(['/splitter/getFeaturesByTag/', '/exposeManyV2/']);
  });

  it('sends the bearer token and X-Source only when configured', async () => {
    await client().getFeaturesByTag(lookup);
    await client({ token: 'tok-abcdef-123', source: 'exp-chatops' }).getFeaturesByTag(lookup);

    const [bare, configured] = server.requests;
    expect(bare?.headers.authorization).toBeUndefined();
    expect(bare?.headers['x-source']).toBeUndefined();
    expect(configured?.headers.authorization).toBe('Bearer tok-abcdef-123');
    expect(configured?.headers['x-source']).toBe('exp-chatops');
  });
});

describe('request validation happens before any call', () => {
  const badLookups: [string, unknown][] = [
    ['no participant ids', { ...lookup, participant: {} }],
    ['non-integer userId', { ...lookup, participant: { userId: 1.5 } }],
    ['empty visitorId', { ...lookup, participant: { visitorId: '' } }],
    ['empty tag', { ...lookup, tag: '' }],
    ['non-integer platform id', { ...lookup, platform: { id: 'ios' } }],
    ['misspelt participant field', { ...lookup, participant: { userID: 1 } }],
  ];
  it.each(badLookups)('getFeaturesByTag refuses %s', async (_name, req) => {
    const error = await client()
      .getFeaturesByTag(req as GetFeaturesByTagRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterRequestError);
    expect((error as SplitterRequestError).issues.length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(0);
  });

  it('names the rule when neither participant id is given', async () => {
    const error = await client()
      .getFeaturesByTag({ ...lookup, participant: {} })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('at least one of userId and visitorId');
  });

  const badExposures: [string, unknown][] = [
    ['empty exposures', { exposures: [] }],
    ['missing exposures', {}],
    ['exposure without participant ids', { exposures: [{ ...exposure.exposures[0], participant: {} }] }],
  ];
  it.each(badExposures)('exposeManyV2 refuses %s', async (_name, req) => {
    const error = await client()
      .exposeManyV2(req as ExposeManyV2Request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterRequestError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('responses', () => {
  it('parses features, keeping unknown fields and dropping the deprecated exposureParams', async () => {
    server.respondWith((_req, res) =>
      json(res, 200, {
        result: {
          features: [
            { experimentLabel: 'exp-1', label: 'control' },
            { experimentLabel: 'exp-2', label: 'test', exposureParams: '{"a":1}', weight: 50 },
          ],
        },
        traceId: 'abc',
      }),
    );
    const features = await client().getFeaturesByTag(lookup);
    expect(features).toEqual([
      { experimentLabel: 'exp-1', label: 'control' },
      { experimentLabel: 'exp-2', label: 'test', weight: 50 },
    ]);
  });

  it.each([[{ a: 1 }], [null], [42], [['x']], [true]])(
    'never fails a look-up for exposureParams %j (deprecated: any shape, ignored)',
    async (exposureParams) => {
      server.respondWith((_req, res) =>
        json(res, 200, { result: { features: [{ experimentLabel: 'e', label: 'test', exposureParams }] } }),
      );
      expect(await client().getFeaturesByTag(lookup)).toEqual([{ experimentLabel: 'e', label: 'test' }]);
    },
  );

  it('returns an empty list when the participant is in no experiment', async () => {
    expect(await client().getFeaturesByTag(lookup)).toEqual([]);
  });

  it.each([
    ['an empty body', ''],
    ['{}', '{}'],
    ['a result envelope', '{"result":{}}'],
  ])('accepts exposeManyV2 answered with %s', async (_name, body) => {
    server.respondWith((_req, res) => res.writeHead(200).end(body));
    await expect(client().exposeManyV2(exposure)).resolves.toBeUndefined();
  });

  it('turns the error body into SplitterApiError with kind and message', async () => {
    server.respondWith((_req, res) =>
      json(res, 400, { error: { kind: 'bad_request', message: 'unknown tag checkout' } }),
    );
    const error = await client()
      .getFeaturesByTag(lookup)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterApiError);
    expect(error).toMatchObject({ status: 400, kind: 'bad_request', message: 'unknown tag checkout' });
  });

  it('keeps the raw text of a 500 whose body is not the error shape', async () => {
    const html = '<html><body>Internal Server Error</body></html>';
    server.respondWith((_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end(html));
    const error = await client()
      .exposeManyV2(exposure)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterApiError);
    expect(error).toMatchObject({ status: 500, kind: undefined, body: html });
  });

  it('treats a 200 carrying the error body as a refusal', async () => {
    server.respondWith((_req, res) => json(res, 200, { error: { kind: 'internal', message: 'boom' } }));
    const error = await client()
      .getFeaturesByTag(lookup)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SplitterApiError', status: 200, kind: 'internal', message: 'boom' });
  });

  it.each([
    ['features missing', { result: {} }],
    ['features not a list', { result: { features: 'control' } }],
    ['a feature without label', { result: { features: [{ experimentLabel: 'exp-1' }] } }],
    ['no result envelope', { features: [] }],
  ])('refuses a 200 with %s as SplitterResponseError', async (_name, body) => {
    server.respondWith((_req, res) => json(res, 200, body));
    const error = await client()
      .getFeaturesByTag(lookup)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterResponseError);
    expect(error).toMatchObject({ status: 200, body: JSON.stringify(body) });
  });

  it.each([
    ['HTML', '<html>hello</html>'],
    ['a JSON list', '[1]'],
    ['an unexpected object', '{"status":"queued"}'],
  ])('refuses exposeManyV2 answered 200 with %s', async (_name, body) => {
    server.respondWith((_req, res) => res.writeHead(200).end(body));
    const error = await client()
      .exposeManyV2(exposure)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitterResponseError);
  });
});
