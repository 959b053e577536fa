import type { ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { Agent, MockAgent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import {
  freePort,
  type RecordingServer,
  replyWith,
  startRecordingServer,
} from '../testing/recording-server.test-helper.js';
import { type CoreRequest, createRequestCore, type RequestCoreOptions } from './request-core.js';
import type { PlatformRequestSample } from './request-sample.js';
import { normaliseRetry } from './retry-policy.js';
import { TransportError } from './transport-error.js';

const TOKEN = 'opaque-core-secret-7f3a9c';
const LIMITS = { successBytes: 1024, errorBytes: 256 };

let server: RecordingServer;
let agent: Agent;
let sleeps: number[];
let samples: PlatformRequestSample[];

beforeAll(async () => {
  server = await startRecordingServer();
  agent = new Agent({ connect: { timeout: 1_000 } });
});
afterAll(async () => {
  await agent.destroy();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  sleeps = [];
  samples = [];
});

function core(extra: Partial<RequestCoreOptions> = {}) {
  return createRequestCore({
    client: 'console',
    dispatcher: agent,
    timeouts: { headersMs: 2_000, bodyMs: 2_000 },
    limits: LIMITS,
    retry: normaliseRetry({ attempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 10_000 }),
    secrets: [TOKEN],
    observe: (sample) => samples.push(sample),
    // Waits are recorded, not slept: what the core asked for is the assertion, not wall time.
    clock: { sleep: async (ms) => void sleeps.push(ms) },
    ...extra,
  });
}

function req(method: string, extra: Partial<CoreRequest> = {}): CoreRequest {
  return {
    method,
    url: `${server.baseUrl}/things/42`,
    path: '/things/42',
    endpoint: '/things/{id}',
    headers: { authorization: `Bearer ${TOKEN}` },
    ...extra,
  };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a TransportError');
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(TransportError);
      return e as TransportError;
    },
  );

/** Writes until the client goes away: a body with no end. */
function endless(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const chunk = Buffer.alloc(16 * 1024, 'a');
  const pump = () => {
    while (!res.destroyed && res.write(chunk)) {
      /* fill the socket buffer */
    }
  };
  res.on('drain', pump);
  pump();
}

describe('timeouts', () => {
  it('a GET that gets no headers in time times out, retried up to the attempts, outcome known', async () => {
    server.setHandler(() => 'hang');
    const retry = normaliseRetry({ attempts: 2, baseDelayMs: 1 });
    const error = await failure(core({ timeouts: { headersMs: 150, bodyMs: 150 }, retry }).send(req('GET')));
    expect(error).toMatchObject({
      kind: 'timeout',
      phase: 'headers',
      timeoutMs: 150,
      neverSent: false,
      outcomeUnknown: false,
    });
    expect(server.requests).toHaveLength(2);
  });

  it('a POST that gets no headers in time is sent once and its outcome is unknown', async () => {
    server.setHandler(() => 'hang');
    const error = await failure(core({ timeouts: { headersMs: 150, bodyMs: 150 } }).send(req('POST')));
    expect(error).toMatchObject({ kind: 'timeout', phase: 'headers', outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });

  it('a body that stalls after the headers is a body timeout', async () => {
    server.respondWith((_r, res) => {
      res.writeHead(200);
      res.write('the beginning');
    });
    const error = await failure(
      core({ timeouts: { headersMs: 2_000, bodyMs: 150 }, retry: normaliseRetry({ attempts: 1 }) }).send(
        req('GET'),
      ),
    );
    expect(error).toMatchObject({ kind: 'timeout', phase: 'body', timeoutMs: 150 });
  });

  it('does not retry timeouts when the policy says so', async () => {
    server.setHandler(() => 'hang');
    const retry = normaliseRetry({ attempts: 3, baseDelayMs: 1, retryTimeouts: false });
    await failure(core({ timeouts: { headersMs: 150, bodyMs: 150 }, retry }).send(req('GET')));
    expect(server.requests).toHaveLength(1);
  });

  it('cuts each attempt to what is left of the deadline and retries nothing past it', async () => {
    server.setHandler(() => 'hang');
    const retry = normaliseRetry({ attempts: 5, baseDelayMs: 1, deadlineMs: 300 });
    const slow = { headersMs: 10_000, bodyMs: 10_000 };
    const error = await failure(core({ timeouts: slow, retry, clock: {} }).send(req('GET')));
    expect(error).toMatchObject({
      kind: 'timeout',
      phase: 'headers',
      neverSent: false,
      outcomeUnknown: false,
    });
    expect(error.timeoutMs).toBeLessThanOrEqual(300);
    // Every attempt is counted once, and the sample agrees with what the server saw. The last
    // attempt can still be on its way to the server when the client gives up (on a loaded machine
    // it arrived after this assertion, and in the next test), so the server's count is awaited.
    expect(samples).toEqual([expect.objectContaining({ outcome: 'timeout' })]);
    const attempts = (samples[0] as { attempts: number }).attempts;
    await expect.poll(() => server.requests.length, { timeout: 2_000 }).toBe(attempts);
  });

  it('a deadline that ends a state-changing request after sending leaves its outcome unknown', async () => {
    server.respondWith((_r, res) => {
      res.writeHead(200);
      res.write('the beginning');
    });
    const retry = normaliseRetry({ deadlineMs: 200 });
    const error = await failure(
      core({ timeouts: { headersMs: 10_000, bodyMs: 10_000 }, retry }).send(req('POST')),
    );
    expect(error).toMatchObject({ kind: 'timeout', phase: 'body', outcomeUnknown: true });
    expect(error.timeoutMs).toBeLessThanOrEqual(200);
    expect(server.requests).toHaveLength(1);
  });
});

describe('body reads', () => {
  it('reads a body up to the success limit and says it was cut', async () => {
    server.setHandler(() => ({ status: 200, body: 'x'.repeat(5_000) }));
    const res = await core().send(req('GET'));
    expect(res).toMatchObject({ status: 200, truncated: true });
    expect(res.text).toHaveLength(LIMITS.successBytes);
  });

  it('reads an error body only up to the error limit', async () => {
    server.setHandler(() => ({ status: 400, body: 'e'.repeat(1_000) }));
    const res = await core().send(req('GET'));
    expect(res).toMatchObject({ status: 400, truncated: true });
    expect(res.text).toHaveLength(LIMITS.errorBytes);
  });

  it('keeps a body under the limit whole', async () => {
    server.setHandler(() => ({ status: 200, body: '{"ok":true}' }));
    expect(await core().send(req('GET'))).toMatchObject({
      text: '{"ok":true}',
      truncated: false,
      attempts: 1,
    });
  });

  it('destroys an endless body at the limit, freeing the only connection for the next request', async () => {
    const single = new Agent({ connections: 1, pipelining: 1 });
    try {
      server.respondWith((_r, res) => endless(res));
      const capped = await core({ dispatcher: single }).send(req('GET'));
      expect(capped).toMatchObject({ status: 200, truncated: true });
      // Had the body been left unread the one socket would still be busy and this would hang.
      server.setHandler(() => ({ status: 200, body: 'next' }));
      expect((await core({ dispatcher: single }).send(req('GET'))).text).toBe('next');
    } finally {
      await single.destroy();
    }
  });

  it('reads and drops the body of every retried answer, so retries reuse the connection', async () => {
    const single = new Agent({ connections: 1, pipelining: 1 });
    try {
      let n = 0;
      server.setHandler(() =>
        ++n < 3 ? { status: 503, body: 'busy '.repeat(200) } : { status: 200, body: 'ok' },
      );
      const res = await core({ dispatcher: single }).send(req('GET'));
      expect(res).toMatchObject({ status: 200, text: 'ok', attempts: 3 });
    } finally {
      await single.destroy();
    }
  });
});

describe('never-sent classification over real sockets', () => {
  it('a refused connection is never sent: a POST changed nothing', async () => {
    const url = `http://127.0.0.1:${await freePort()}/things/42`;
    const error = await failure(core().send(req('POST', { url })));
    expect(error).toMatchObject({
      kind: 'connection',
      code: 'ECONNREFUSED',
      neverSent: true,
      outcomeUnknown: false,
    });
    expect(samples).toEqual([expect.objectContaining({ outcome: 'never_sent', attempts: 1 })]);
  });

  it('a connection reset after the POST arrived leaves its outcome unknown, and it is sent once', async () => {
    server.setHandler(() => 'reset');
    const error = await failure(core().send(req('POST')));
    expect(error).toMatchObject({ kind: 'connection', neverSent: false, outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });

  it('the same reset on a GET is retried and its outcome is known', async () => {
    server.setHandler(() => 'reset');
    const error = await failure(core().send(req('GET')));
    expect(error).toMatchObject({ neverSent: false, outcomeUnknown: false });
    expect(server.requests).toHaveLength(3);
  });
});

describe('retries', () => {
  it('never retries a POST after sending it, whatever the answer', async () => {
    server.setHandler(() => ({ status: 503, body: '', headers: { 'retry-after': '0' } }));
    const res = await core().send(req('POST'));
    expect(res).toMatchObject({ status: 503, attempts: 1 });
    await core().send(req('PATCH'));
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('retries a POST the caller declares read-only like a GET', async () => {
    let n = 0;
    server.setHandler(() => (++n === 1 ? { status: 502 } : { status: 200, body: '[]' }));
    const res = await core().send(req('POST', { readOnly: true }));
    expect(res).toMatchObject({ status: 200, attempts: 2 });
  });

  it('waits what Retry-After asks in seconds', async () => {
    let n = 0;
    server.setHandler(() =>
      ++n === 1 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200, body: 'ok' },
    );
    expect(await core().send(req('GET'))).toMatchObject({ status: 200, attempts: 2 });
    expect(sleeps).toEqual([2_000]);
  });

  it('waits until a Retry-After HTTP date', async () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    let n = 0;
    server.setHandler(() =>
      ++n === 1
        ? { status: 503, headers: { 'retry-after': new Date(now + 3_000).toUTCString() } }
        : { status: 200, body: 'ok' },
    );
    const sleepy = core({ clock: { sleep: async (ms) => void sleeps.push(ms), date: () => now } });
    expect(await sleepy.send(req('GET'))).toMatchObject({ status: 200, attempts: 2 });
    expect(sleeps).toEqual([3_000]);
  });

  it('gives up at once when Retry-After asks for more than the cap, returning that answer', async () => {
    server.setHandler(() => ({ status: 429, body: 'slow down', headers: { 'retry-after': '3600' } }));
    expect(await core().send(req('GET'))).toMatchObject({ status: 429, text: 'slow down', attempts: 1 });
    expect(sleeps).toEqual([]);
  });

  it('does not wait a Retry-After that would end past the deadline', async () => {
    server.setHandler(() => ({ status: 503, headers: { 'retry-after': '2' } }));
    const retry = normaliseRetry({ attempts: 3, maxRetryAfterMs: 10_000, deadlineMs: 1_500 });
    expect(await core({ retry }).send(req('GET'))).toMatchObject({ status: 503, attempts: 1 });
    expect(sleeps).toEqual([]);
  });

  it('backs off with jitter under the exponential ceiling when no Retry-After is given', async () => {
    server.setHandler(() => ({ status: 504 }));
    const retry = normaliseRetry({ attempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 });
    await core({ retry, clock: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 } }).send(
      req('GET'),
    );
    expect(sleeps).toEqual([50, 100]);
  });

  it('does not retry a 500 or a 4xx other than 429', async () => {
    for (const status of [500, 400, 404, 409]) {
      server.setHandler(() => ({ status }));
      expect((await core().send(req('GET'))).attempts).toBe(1);
    }
  });
});

describe('redaction', () => {
  let mock: MockAgent;
  beforeEach(() => {
    mock = new MockAgent();
    mock.disableNetConnect();
  });
  afterEach(() => mock.close());

  it('keeps the token out of the message, the detail and the whole cause chain', async () => {
    // Same path, other headers: undici's "not matched" error quotes the request headers.
    mock
      .get('http://platform.test')
      .intercept({ path: '/things/42', method: 'POST', headers: { 'x-never': 'sent' } })
      .reply(200, '');
    const logger = createMemoryLogger('debug');
    const error = await failure(
      core({ dispatcher: mock, logger }).send(req('POST', { url: 'http://platform.test/things/42' })),
    );
    expect(error).toMatchObject({ kind: 'connection', outcomeUnknown: true });
    // The echo really happened: the cause kept its text with the secret masked.
    expect(String(error.cause)).toContain('Bearer [redacted]');
    expect((error.cause as { code?: string }).code).toBe('UND_MOCK_ERR_MOCK_NOT_MATCHED');
    const visible = [inspect(error, { depth: 10 }), JSON.stringify(error), error.detail, ...logger.lines];
    expect(visible.join('\n')).not.toContain(TOKEN);
  });
});

describe('observe', () => {
  it('reports one sample per call with the template, the attempts and the last status', async () => {
    let n = 0;
    server.setHandler(() => (++n < 3 ? { status: 503 } : { status: 200, body: '{}' }));
    await core().send(req('GET'));
    expect(samples).toEqual([
      {
        client: 'console',
        endpoint: '/things/{id}',
        method: 'GET',
        outcome: 'ok',
        status: 200,
        durationMs: expect.any(Number),
        attempts: 3,
      },
    ]);
  });

  it.each([
    ['http_4xx', 404, 'GET'],
    ['http_5xx', 500, 'POST'],
    ['http_other', 304, 'GET'],
  ])('reports %s', async (outcome, status, method) => {
    server.setHandler(() => ({ status }));
    await core().send(req(method));
    expect(samples).toEqual([expect.objectContaining({ outcome, status, attempts: 1 })]);
  });

  it('reports a cut 2xx as response_too_large', async () => {
    server.setHandler(() => ({ status: 200, body: 'x'.repeat(5_000) }));
    await core().send(req('GET'));
    expect(samples[0]).toMatchObject({ outcome: 'response_too_large', status: 200 });
  });

  it.each([
    ['outcome_unknown', 'POST', 'hang'],
    ['timeout', 'GET', 'hang'],
    ['outcome_unknown', 'POST', 'reset'],
    ['connection_error', 'GET', 'reset'],
  ] as const)('reports %s for a %s that got %s', async (outcome, method, reply) => {
    server.respondWith(replyWith(() => reply));
    const retry = normaliseRetry({ attempts: 2, baseDelayMs: 1 });
    await failure(core({ timeouts: { headersMs: 150, bodyMs: 150 }, retry }).send(req(method)));
    expect(samples).toEqual([
      expect.objectContaining({ outcome, method, attempts: method === 'GET' ? 2 : 1 }),
    ]);
    expect(samples[0]).not.toHaveProperty('status');
  });

  it('a failing hook changes nothing for the caller and is logged without secrets', async () => {
    server.setHandler(() => ({ status: 200, body: 'fine' }));
    const logger = createMemoryLogger('debug');
    const res = await core({
      logger,
      observe: () => {
        throw new Error(`metrics down for ${TOKEN}`);
      },
    }).send(req('GET'));
    expect(res.text).toBe('fine');
    expect(logger.lines.some((l) => l.includes('observe hook failed'))).toBe(true);
    expect(logger.lines.join('\n')).not.toContain(TOKEN);
  });
});
