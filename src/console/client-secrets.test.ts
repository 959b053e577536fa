import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import {
  type Handler,
  type RecordingServer,
  startRecordingServer,
} from '../testing/recording-server.test-helper.js';
import { createConsoleAgent } from './agent.js';
import { createConsoleClient } from './client.js';
import { ConsoleError } from './errors.js';
import type { ConsoleApi } from './types.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl';
// Not JWT-shaped, so only the client's own redaction (not the generic patterns) can catch it.
const OPAQUE = 'opaque-secret-0f9e8d7c6b5a';

const agent = createConsoleAgent();
let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
  await agent.close();
});

const auth = (r: { headers: { authorization?: string } }) => r.headers.authorization ?? '';
const rawToken = (r: { headers: { authorization?: string } }) => auth(r).replace(/^Bearer /, '');
// The status is the sentence's single last token: the raw token echoed there must still not leak.
const conflict = (r: Parameters<Handler>[0]) =>
  `Cannot perform action start for experiment id=5: current status is ${rawToken(r)}`;

// Every kind of answer, each quoting the request's Authorization header back.
const echoes: [string, Handler, (api: ConsoleApi) => Promise<unknown>][] = [
  ['400 text', (r) => ({ status: 400, body: `bad request; you sent ${auth(r)}` }), (a) => a.start(5)],
  ['400 conflict', (r) => ({ status: 400, body: conflict(r) }), (a) => a.start(5)],
  [
    '400 JSON conflict',
    (r) => ({ status: 400, body: JSON.stringify({ message: conflict(r) }) }),
    (a) => a.start(5),
  ],
  [
    '401',
    (r) => ({ status: 401, body: JSON.stringify({ error: auth(r) }) }),
    (a) => a.getDictionary('teams'),
  ],
  ['403', (r) => ({ status: 403, body: `Invalid api key provided: ${rawToken(r)}` }), (a) => a.archive(5)],
  [
    '404',
    (r) => ({ status: 404, body: `Experiment with id=5 was not found for action stop ${rawToken(r)}` }),
    (a) => a.stop(5),
  ],
  [
    '409',
    (r) => ({ status: 409, body: JSON.stringify({ headers: { authorization: auth(r) } }) }),
    (a) => a.start(5),
  ],
  ['500', (r) => ({ status: 500, body: `trace: token=${rawToken(r)}` }), (a) => a.getDictionary('tags')],
  ['200 not JSON', (r) => ({ status: 200, body: `ok ${auth(r)}` }), (a) => a.unarchive(5)],
  [
    '200 wrong shape',
    (r) => ({ status: 200, body: JSON.stringify({ ok: false, t: rawToken(r) }) }),
    (a) => a.start(5),
  ],
  [
    '201 not JSON',
    (r) => ({ status: 201, body: `created for ${rawToken(r)}` }),
    (a) => a.createExperiment({}),
  ],
];

function everythingVisible(error: unknown, lines: string[]): string {
  const e = error as ConsoleError;
  const cause = e.cause instanceof Error ? `${e.cause.message} ${e.cause.stack}` : String(e.cause);
  return [e.message, e.stack, e.body, JSON.stringify(e), cause, ...lines].join('\n');
}

describe.each([
  ['a JWT', JWT],
  ['an opaque token', OPAQUE],
])('with %s', (_label, token) => {
  it.each(echoes)('keeps the token out of a %s error', async (_kind, handler, call) => {
    server.setHandler(handler);
    const logger = createMemoryLogger('debug');
    const hookSeen: unknown[] = [];
    const api = createConsoleClient({
      connection: { baseUrl: server.baseUrl, token },
      dispatcher: agent,
      logger,
      onValidationError: (e) => {
        hookSeen.push(e);
        throw new Error(`hook failed for ${token}`);
      },
    });
    const error = await call(api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsoleError);
    // The echo really happened: the body kept something in place of the token.
    expect((error as ConsoleError).body).toContain('[redacted]');
    const visible = everythingVisible(error, logger.lines) + hookSeen.map((e) => JSON.stringify(e)).join();
    expect(visible).not.toContain(token);
    expect(visible).not.toContain(JWT.split('.')[2]);
  });

  it('keeps the token out of a conflict status field', async () => {
    server.setHandler((r) => ({ status: 400, body: conflict(r) }));
    const api = createConsoleClient({ connection: { baseUrl: server.baseUrl, token }, dispatcher: agent });
    const error = await api.start(5).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'status_conflict', currentStatus: '[redacted]' });
  });

  it('keeps the token out of a transport error whose cause prints the headers', async () => {
    const mock = new MockAgent();
    mock.disableNetConnect();
    // Same path, other headers: undici's "not matched" error quotes the request headers.
    mock
      .get('http://console.test')
      .intercept({
        path: '/api/console/experiments/v1/5/start',
        method: 'POST',
        headers: { 'x-never': 'sent' },
      })
      .reply(200, '{"ok":true}');
    const logger = createMemoryLogger('debug');
    const api = createConsoleClient({
      connection: { baseUrl: 'http://console.test', token },
      dispatcher: mock,
      logger,
    });
    const error = await api.start(5).catch((e: unknown) => e);
    await mock.close();
    expect(error).toMatchObject({ kind: 'connection' });
    expect(String((error as Error).cause)).toContain('[redacted]');
    expect(everythingVisible(error, logger.lines)).not.toContain(token);
  });
});
