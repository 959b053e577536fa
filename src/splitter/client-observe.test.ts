import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformRequestSample } from '../http/request-sample.js';
import {
  freePort,
  json,
  type RecordingServer,
  startRecordingServer,
} from '../testing/recording-server.test-helper.js';
import { createSplitterClient } from './client.js';
import type { ExposeManyV2Request, GetFeaturesByTagRequest } from './schemas.js';

const lookup: GetFeaturesByTagRequest = { tag: 'checkout', platform: { id: 5 }, participant: { userId: 7 } };
const exposure: ExposeManyV2Request = {
  exposures: [{ experimentLabel: 'exp-1', platform: { id: 5 }, participant: { visitorId: 'v-secret-9' } }],
};

let server: RecordingServer;
let samples: PlatformRequestSample[];
const client = (baseUrl = server.baseUrl) =>
  createSplitterClient({ baseUrl, token: 'splitter-token-123456', observe: (s) => samples.push(s) });

beforeEach(async () => {
  samples = [];
  server = await startRecordingServer((_req, res) => json(res, 200, { result: { features: [] } }));
});
afterEach(() => server.close());

describe('observe', () => {
  it('reports one sample per call, named by the method, with all its attempts', async () => {
    server.respondWith((_req, res) => {
      if (server.requests.length === 1) res.writeHead(503).end();
      else json(res, 200, { result: { features: [] } });
    });
    await client().getFeaturesByTag(lookup);
    expect(samples).toEqual([
      {
        client: 'splitter',
        endpoint: 'getFeaturesByTag',
        method: 'POST',
        outcome: 'ok',
        status: 200,
        durationMs: expect.any(Number),
        attempts: 2,
      },
    ]);
  });

  it('reports a refused exposure as never sent and a reset one as outcome unknown', async () => {
    await client(`http://127.0.0.1:${await freePort()}`)
      .exposeManyV2(exposure)
      .catch(() => {});
    server.respondWith((_req, res) => res.socket?.destroy());
    await client()
      .exposeManyV2(exposure)
      .catch(() => {});
    expect(samples.map((s) => [s.endpoint, s.outcome, s.attempts])).toEqual([
      ['exposeManyV2', 'never_sent', 1],
      ['exposeManyV2', 'outcome_unknown', 1],
    ]);
  });

  it('reports the platform refusing as http_4xx, and nothing for input refused before sending', async () => {
    server.respondWith((_req, res) => json(res, 400, { error: { kind: 'bad_request', message: 'no' } }));
    await client()
      .getFeaturesByTag(lookup)
      .catch(() => {});
    await client()
      .getFeaturesByTag({ ...lookup, tag: '' })
      .catch(() => {});
    expect(samples).toEqual([expect.objectContaining({ outcome: 'http_4xx', status: 400, attempts: 1 })]);
    expect(JSON.stringify(samples)).not.toMatch(/splitter-token|v-secret|checkout/);
  });
});
