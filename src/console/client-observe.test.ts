import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformRequestSample } from '../http/request-sample.js';
import { type RecordingServer, startRecordingServer } from '../testing/recording-server.test-helper.js';
import { createConsoleAgent } from './agent.js';
import { createConsoleClient } from './client.js';

const TOKEN = 'console-token-abcdef-123';
const agent = createConsoleAgent();
let server: RecordingServer;
let samples: PlatformRequestSample[];

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
  await agent.close();
});
beforeEach(() => {
  samples = [];
});

const client = () =>
  createConsoleClient({
    connection: { baseUrl: server.baseUrl, token: TOKEN },
    dispatcher: agent,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    observe: (s) => samples.push(s),
  });

describe('observe', () => {
  it('names each call by its route template, never by its ids', async () => {
    server.setHandler((r) =>
      r.url.includes('/dictionaries/') ? { status: 200, body: '[]' } : { status: 200, body: '{"ok":true}' },
    );
    const api = client();
    await api.start(4242);
    await api.stop(4242, { interruptReason: 'bug' });
    await api.getDictionary('teams');
    await api.updateExperiment(4242, { a: 1 });
    await api.createExperiment({ a: 1 });
    expect(samples.map((s) => `${s.method} ${s.endpoint} ${s.outcome}`)).toEqual([
      'POST /experiments/v1/{id}/start ok',
      'POST /experiments/v1/{id}/stop ok',
      'GET /experiments/v1/dictionaries/{name} ok',
      'PATCH /experiments/v1/{id} ok',
      'POST /experiments/v1 ok',
    ]);
    expect(JSON.stringify(samples)).not.toMatch(/4242|teams|console-token/);
  });

  it('counts the retries of a GET in one sample and reports the status class of a refusal', async () => {
    let n = 0;
    server.setHandler(() => (++n < 3 ? { status: 503 } : { status: 200, body: '[]' }));
    await client().getDictionary('tags');
    server.setHandler(() => ({
      status: 400,
      body: 'Cannot perform action start for experiment id=1: current status is running',
    }));
    await client()
      .start(1)
      .catch(() => {});
    expect(samples).toEqual([
      expect.objectContaining({ outcome: 'ok', status: 200, attempts: 3 }),
      expect.objectContaining({ outcome: 'http_4xx', status: 400, attempts: 1 }),
    ]);
  });

  it('reports a lifecycle POST whose answer was lost as outcome unknown', async () => {
    server.setHandler(() => 'reset');
    await client()
      .archive(9)
      .catch(() => {});
    expect(samples).toEqual([
      expect.objectContaining({
        endpoint: '/experiments/v1/{id}/archive',
        outcome: 'outcome_unknown',
        attempts: 1,
      }),
    ]);
  });
});
