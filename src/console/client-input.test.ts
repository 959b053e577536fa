import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LifecycleAction } from '../core/lifecycle-action.js';
import { type RecordingServer, startRecordingServer } from '../testing/recording-server.test-helper.js';
import { createConsoleAgent } from './agent.js';
import { createConsoleClient } from './client.js';
import { InvalidRequestError } from './errors.js';
import type { ConsoleStopExperimentRequest } from './schemas.js';
import type { ConsoleApi, DictionaryName } from './types.js';

const agent = createConsoleAgent();
let server: RecordingServer;
let api: ConsoleApi;
beforeAll(async () => {
  server = await startRecordingServer();
  api = createConsoleClient({
    connection: { baseUrl: server.baseUrl, token: 'tkn-123456' },
    dispatcher: agent,
  });
});
afterAll(async () => {
  await server.close();
  await agent.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const BAD_IDS = [0, -1, 1.5, Number.NaN, 2 ** 60, Number.POSITIVE_INFINITY];

async function refused(call: () => Promise<unknown>) {
  const error = await call().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect((error as InvalidRequestError).issues.length).toBeGreaterThan(0);
  return error as InvalidRequestError;
}

describe('input refused before any request', () => {
  it.each(BAD_IDS)('rejects experiment id %s on every experiment call', async (id) => {
    await refused(() => api.start(id));
    await refused(() => api.stop(id, { interruptReason: 'bug' }));
    await refused(() => api.archive(id));
    await refused(() => api.unarchive(id));
    await refused(() => api.runAction('start', id));
    await refused(() => api.updateExperiment(id, { name: 'x' }));
    expect(server.requests).toHaveLength(0);
  });

  it('rejects ids that are not numbers at all', async () => {
    const error = await refused(() => api.start('12' as unknown as number));
    expect(error.path).toBe('/experiments/v1/{id}/start');
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a stop body outside the interface', async () => {
    await refused(() => api.stop(5, { interruptReason: 'bored' } as unknown as ConsoleStopExperimentRequest));
    await refused(() => api.stop(5, { reason: 'bug' } as unknown as ConsoleStopExperimentRequest));
    await refused(() => api.runAction('start', 5, { interruptReason: 'bug' }));
    expect(server.requests).toHaveLength(0);
  });

  it('rejects unknown actions and dictionaries, and bodies on dictionaries that take none', async () => {
    await refused(() => api.runAction('delete' as LifecycleAction, 5));
    await refused(() => api.getDictionary('participant-types' as DictionaryName));
    await refused(() => api.getDictionary('teams', { domainId: 1 }));
    await refused(() => api.getDictionary('context-param-predicates', { domainId: 1.5 }));
    await refused(() =>
      api.getDictionary('context-param-predicates', { extra: 1 } as unknown as { domainId: number }),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('rejects create and update payloads that are not JSON objects', async () => {
    await refused(() => api.createExperiment([] as unknown as Record<string, unknown>));
    await refused(() => api.createExperiment(null as unknown as Record<string, unknown>));
    await refused(() => api.createExperiment(new Map() as unknown as Record<string, unknown>));
    await refused(() => api.createExperiment({ big: 10n }));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await refused(() => api.updateExperiment(5, circular));
    expect(server.requests).toHaveLength(0);
  });

  it('accepts the largest safe id', async () => {
    await expect(api.start(Number.MAX_SAFE_INTEGER)).resolves.toEqual({ ok: true });
    expect(server.requests[0]?.url).toBe(`/api/console/experiments/v1/${Number.MAX_SAFE_INTEGER}/start`);
  });
});
