import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import {
  okJson,
  type RecordingServer,
  startRecordingServer,
} from '../testing/recording-server.test-helper.js';
import { createConsoleAgent } from './agent.js';
import { createConsoleClient } from './client.js';
import {
  ExperimentNotFoundError,
  InvalidTokenError,
  MissingAuthError,
  StatusConflictError,
  UnexpectedStatusError,
  ValidationError,
} from './errors.js';
import { DICTIONARY_NAMES } from './types.js';

const TOKEN = 'test-token-abc123';
const agent = createConsoleAgent({ connectTimeoutMs: 2_000 });
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
  await agent.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.setHandler(okJson);
});

const client = (extra: Partial<Parameters<typeof createConsoleClient>[0]> = {}) =>
  createConsoleClient({ connection: { baseUrl: server.baseUrl, token: TOKEN }, dispatcher: agent, ...extra });

const text = (status: number, body: string) => () => ({ status, body });
const json = (status: number, value: unknown) => () => ({
  status,
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

describe('requests on the wire', () => {
  it('sends each lifecycle action as POST with the bearer token and no body', async () => {
    const api = client();
    await expect(api.start(12)).resolves.toEqual({ ok: true });
    await expect(api.stop(12)).resolves.toEqual({ ok: true });
    await expect(api.archive(12)).resolves.toEqual({ ok: true });
    await expect(api.unarchive(12)).resolves.toEqual({ ok: true });
    await expect(api.runAction('start', 13)).resolves.toEqual({ ok: true });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/console/experiments/v1/12/start',
      'POST /api/console/experiments/v1/12/stop',
      'POST /api/console/experiments/v1/12/archive',
      'POST /api/console/experiments/v1/12/unarchive',
      'POST /api/console/experiments/v1/13/start',
    ]);
    for (const r of server.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(r.headers['content-type']).toBeUndefined();
      expect(r.body).toBe('');
    }
  });

  it('sends the stop reason as a JSON body', async () => {
    const body = { interruptReason: 'critical_metric_impact' as const, interruptReasonComment: 'CR dropped' };
    await client().stop(7, body);
    const [r] = server.requests;
    expect(r?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r?.body ?? '')).toEqual(body);
  });

  it('creates with POST and updates with PATCH, returning the JSON or null', async () => {
    server.setHandler((r) => (r.method === 'POST' ? { status: 201, body: '{"id":99}' } : { status: 204 }));
    const api = client();
    await expect(api.createExperiment({ type: 'regular', name: 'x' })).resolves.toEqual({ id: 99 });
    await expect(api.updateExperiment(99, { name: 'y' })).resolves.toBeNull();
    const [create, update] = server.requests;
    expect([create?.method, create?.url, JSON.parse(create?.body ?? '')]).toEqual([
      'POST',
      '/api/console/experiments/v1',
      { type: 'regular', name: 'x' },
    ]);
    expect([update?.method, update?.url, JSON.parse(update?.body ?? '')]).toEqual([
      'PATCH',
      '/api/console/experiments/v1/99',
      { name: 'y' },
    ]);
    expect(update?.headers['content-type']).toBe('application/json');
  });

  it('reads all eleven dictionaries with GET at their exact paths', async () => {
    server.setHandler((r) => ({ status: 200, body: JSON.stringify({ url: r.url }) }));
    const api = client();
    for (const name of DICTIONARY_NAMES) {
      await expect(api.getDictionary(name)).resolves.toEqual({
        url: `/api/console/experiments/v1/dictionaries/${name}`,
      });
    }
    expect(server.requests).toHaveLength(11);
    expect(server.requests.some((r) => r.url.endsWith('/dictionaries/participantTypes'))).toBe(true);
    for (const r of server.requests) {
      expect(r.method).toBe('GET');
      expect(r.body).toBe('');
      expect(r.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
  });

  it('sends the context-param-predicates body with GET only when one is given', async () => {
    server.setHandler(json(200, { params: [], predicates: [], predicateApplicability: {} }));
    const api = client();
    await api.getDictionary('context-param-predicates', { experimentId: 5, domainId: null });
    await api.getDictionary('context-param-predicates');
    const [withBody, without] = server.requests;
    expect(withBody?.method).toBe('GET');
    expect(withBody?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(withBody?.body ?? '')).toEqual({ experimentId: 5, domainId: null });
    expect(without?.method).toBe('GET');
    expect(without?.body).toBe('');
    expect(without?.headers['content-type']).toBeUndefined();
  });

  it('omits the Authorization header without a token, and 401 becomes MissingAuthError', async () => {
    server.setHandler((r) => (r.headers.authorization ? okJson(r) : { status: 401, body: 'Unauthorized' }));
    const api = createConsoleClient({
      connection: { baseUrl: server.baseUrl, token: undefined },
      dispatcher: agent,
    });
    const error = await api.start(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingAuthError);
    expect(error).toMatchObject({ status: 401, method: 'POST', path: '/experiments/v1/1/start' });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('logs one debug line per request with method, path, status and duration only', async () => {
    const logger = createMemoryLogger();
    await client({ logger }).start(3);
    expect(logger.lines).toHaveLength(1);
    const line = JSON.parse(logger.lines[0] ?? '{}');
    expect(line).toMatchObject({
      level: 'debug',
      method: 'POST',
      path: '/experiments/v1/3/start',
      status: 200,
    });
    expect(typeof line.durationMs).toBe('number');
    expect(logger.lines[0]).not.toMatch(/authorization|bearer/i);
  });
});

describe('error statuses', () => {
  it('maps any 403 to InvalidTokenError and keeps the body', async () => {
    server.setHandler(text(403, 'Invalid api key provided'));
    const error = await client()
      .getDictionary('teams')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect(error).toMatchObject({ status: 403, body: 'Invalid api key provided' });
  });

  it.each([
    ['plain text', text(404, 'Experiment with id=42 was not found for action stop')],
    ['{message}', json(404, { message: 'Experiment with id=42 was not found for action stop' })],
    [
      '{error:{message}}',
      json(404, { error: { message: 'Experiment with id=42 was not found for action stop' } }),
    ],
  ])('parses the 404 sentence from %s', async (_label, handler) => {
    server.setHandler(handler);
    const error = await client()
      .stop(42)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExperimentNotFoundError);
    expect(error).toMatchObject({ experimentId: 42, action: 'stop', status: 404 });
    expect((error as Error).message).toBe('Experiment with id=42 was not found for action stop');
  });

  it('keeps an unparseable 404 as ExperimentNotFoundError with raw text and no fields', async () => {
    server.setHandler(text(404, '<html>Not Found</html>'));
    const error = await client()
      .start(42)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExperimentNotFoundError);
    expect(error).toMatchObject({
      experimentId: undefined,
      action: undefined,
      body: '<html>Not Found</html>',
    });
  });

  it('treats a bare 404 on a dictionary as an unexpected status, not a missing experiment', async () => {
    server.setHandler(text(404, 'Not Found'));
    await expect(client().getDictionary('tags')).rejects.toBeInstanceOf(UnexpectedStatusError);
  });

  const conflict = (status: string) =>
    `Cannot perform action start for experiment id=42: current status is ${status}`;
  it.each([
    ['RUNNING_WITH_ERRORS', text(400, conflict('RUNNING_WITH_ERRORS'))],
    ['на_паузе', text(400, conflict('на_паузе'))],
    ['paused(manual)', json(400, { message: conflict('paused(manual)') })],
    ['RUNNING', json(400, { error: conflict('RUNNING') })],
    ['archived', json(400, { error: { kind: 'bad_request', message: conflict('archived') } })],
    ['DRAFT', json(400, { detail: conflict('DRAFT') })],
    ['in_review', json(400, { title: conflict('in_review') })],
    [
      'на_паузе',
      () => ({
        status: 400,
        body: JSON.stringify({ message: conflict('на_паузе') }).replace(
          /[^\x20-\x7e]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        ),
      }),
    ],
    ['stopped', json(400, { errors: [{ code: 'E1', message: conflict('stopped') }] })],
  ])('keeps the current status %s exactly', async (status, handler) => {
    server.setHandler(handler);
    const onValidationError = async () => {
      throw new Error('must not be called for a status conflict');
    };
    const error = await client({ onValidationError })
      .start(42)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusConflictError);
    expect(error).toMatchObject({ currentStatus: status, action: 'start', experimentId: 42, status: 400 });
    expect((error as Error).message).toBe(conflict(status));
  });

  it('turns any other 400 into ValidationError, calls the hook exactly once and keeps the body', async () => {
    server.setHandler(json(400, { violations: [{ field: 'layer', message: 'unknown layer' }] }));
    const calls: ValidationError[] = [];
    const api = client({ onValidationError: (e) => void calls.push(e) });
    const error = await api.createExperiment({ layer: 'gone' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(calls).toEqual([error]);
    expect((error as ValidationError).body).toContain('unknown layer');
  });

  it('still throws the ValidationError when the hook fails, and warns', async () => {
    server.setHandler(text(400, 'bad'));
    const logger = createMemoryLogger();
    let calls = 0;
    const api = client({
      logger,
      onValidationError: async () => {
        calls++;
        throw new Error('cache down');
      },
    });
    await expect(api.getDictionary('layers')).rejects.toBeInstanceOf(ValidationError);
    expect(calls).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(logger.lines.some((l) => l.includes('cache down'))).toBe(true);
  });

  it('keeps an unparseable 400 as ValidationError with the raw text', async () => {
    server.setHandler(text(400, 'Cannot perform action'));
    const error = await client()
      .start(42)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ body: 'Cannot perform action', status: 400 });
  });

  it('caps the kept body at about 4 KB', async () => {
    server.setHandler(text(400, 'x'.repeat(20_000)));
    const error = (await client()
      .start(1)
      .catch((e: unknown) => e)) as ValidationError;
    expect(error.body?.length).toBeLessThanOrEqual(4097);
    expect(error.body?.length).toBeGreaterThan(4000);
  });
});
