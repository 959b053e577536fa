import { describe, expect, it } from 'vitest';
import { createLogger, createMemoryLogger } from './logger.js';
import { redactSecrets } from './redact.js';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl';

describe('redactSecrets', () => {
  it.each([
    [`token ${jwt} leaked`, 'token [redacted] leaked'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [redacted]'],
    ['bot xoxb-1234-5678-abcdef here', 'bot [redacted] here'],
    ['app xapp-1-A123-456-abc', 'app [redacted]'],
    ['nothing secret', 'nothing secret'],
  ])('masks %s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('masks extra secrets given by the caller, even without a known shape', () => {
    expect(redactSecrets('opaque-platform-token-42 in text', ['opaque-platform-token-42'])).toBe(
      '[redacted] in text',
    );
  });
});

describe('logger', () => {
  const parse = (line: string | undefined): Record<string, unknown> => JSON.parse(line ?? '{}');

  it('writes one JSON line per record with level filtering and child fields', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (l) => lines.push(l) }).child({ workspace: 'T1' });
    logger.debug('hidden');
    logger.info('shown', { experimentId: 3 });
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] ?? '{}');
    expect(record).toMatchObject({ level: 'info', msg: 'shown', workspace: 'T1', experimentId: 3 });
    expect(new Date(record.time).toISOString()).toBe(record.time);
  });

  it('writes each key once: nested children and call fields override earlier bindings', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (l) => lines.push(l) })
      .child({ component: 'store', workspace: 'T1' })
      .child({ component: 'store' });
    logger.info('ready', { store: 'memory' });
    logger.info('moved', { workspace: 'T2' });
    for (const line of lines) {
      expect(line.match(/"component":/g)).toHaveLength(1);
      expect(line.match(/"workspace":/g)).toHaveLength(1);
    }
    expect(lines.map((l) => parse(l).workspace)).toEqual(['T1', 'T2']);
  });

  it.each([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
  ] as const)('at LOG_LEVEL=%s writes %j', (level, written) => {
    const lines: string[] = [];
    const logger = createLogger({ level, write: (l) => lines.push(l) });
    for (const method of ['debug', 'info', 'warn', 'error'] as const) logger[method](`a ${method} line`);
    expect(lines.map((l) => parse(l).level)).toEqual(written);
  });

  it('never writes a token, whether in a message, a field or an error', () => {
    const logger = createMemoryLogger();
    logger.error(`failed with ${jwt}`, { header: `Bearer ${jwt}`, error: new Error(`echo ${jwt}`) });
    expect(logger.lines.join('\n')).not.toContain(jwt);
    expect(logger.lines.join('\n')).toContain('[redacted]');
  });

  it('censors opaque secrets by field name, nested, in child bindings and in error properties', () => {
    const logger = createMemoryLogger();
    const opaque = [
      'opaque-field-1',
      'opaque-nested-2',
      'opaque-header-3',
      'opaque-binding-4',
      'opaque-err-5',
    ];
    logger
      .child({ connection: { baseUrl: 'https://exp.example.com', token: opaque[3] } })
      .warn('connect failed', {
        token: opaque[0],
        request: { auth: { botToken: opaque[1] }, headers: { authorization: opaque[2] } },
        signingSecret: 'opaque-signing',
        clientSecret: 'opaque-client',
        stateSecret: 'opaque-state',
        password: 'opaque-password',
        tokenEncryptionKey: 'opaque-key',
        error: Object.assign(new Error('refused'), { token: opaque[4] }),
      });
    const output = logger.lines.join('\n');
    for (const secret of [
      ...opaque,
      'opaque-signing',
      'opaque-client',
      'opaque-state',
      'opaque-password',
      'opaque-key',
    ]) {
      expect(output).not.toContain(secret);
    }
    const record = parse(logger.lines[0]);
    expect(record).toMatchObject({
      connection: { baseUrl: 'https://exp.example.com', token: '[redacted]' },
      token: '[redacted]',
      request: { auth: { botToken: '[redacted]' }, headers: { authorization: '[redacted]' } },
      err: { message: 'refused', token: '[redacted]' },
    });
  });

  it("censors secret names in any spelling at any depth, in arrays, without touching the caller's objects", () => {
    const logger = createMemoryLogger();
    const request = { a: { b: { c: { d: { e: { headers: { Authorization: 'opaque-deep-7' } } } } } } };
    const installs = [{ team: 'T1', bot_token: 'opaque-snake-8', 'client-secret': 'opaque-kebab-9' }];
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    logger.info('installs', { request, installs, cyclic, failures: [new Error('one')] });
    const output = logger.lines.join('\n');
    for (const secret of ['opaque-deep-7', 'opaque-snake-8', 'opaque-kebab-9'])
      expect(output).not.toContain(secret);
    expect(parse(logger.lines[0])).toMatchObject({
      installs: [{ team: 'T1', bot_token: '[redacted]', 'client-secret': '[redacted]' }],
      cyclic: { name: 'loop', self: '[circular]' },
      failures: [{ type: 'Error', message: 'one' }],
    });
    expect(request.a.b.c.d.e.headers.Authorization).toBe('opaque-deep-7');
    expect(installs[0]?.bot_token).toBe('opaque-snake-8');
  });

  it("keeps an error's stack, code and cause chain while masking a token in the cause", () => {
    const logger = createMemoryLogger();
    const cause = Object.assign(new Error(`platform refused ${jwt}`), {
      code: 'ECONNRESET',
      token: 'opaque-cause-6',
    });
    const error = Object.assign(new Error('lifecycle call failed', { cause }), {
      code: 'E_PLATFORM',
      status: 502,
    });
    logger.error('start failed', { error, experimentId: 4 });
    const output = logger.lines.join('\n');
    expect(output).not.toContain(jwt);
    expect(output).not.toContain('opaque-cause-6');
    const { err } = parse(logger.lines[0]) as {
      err: Record<string, unknown> & { cause: Record<string, unknown> };
    };
    expect(err).toMatchObject({
      type: 'Error',
      message: 'lifecycle call failed',
      code: 'E_PLATFORM',
      status: 502,
    });
    expect(err.stack).toMatch(/^Error: lifecycle call failed\n\s+at /);
    expect(err.cause).toMatchObject({
      message: 'platform refused [redacted]',
      code: 'ECONNRESET',
      token: '[redacted]',
    });
    expect(err.cause.stack).toMatch(/^Error: platform refused \[redacted\]\n\s+at /);
  });

  it('serialises errors under other names and leaves an `error` that is not an Error as it is', () => {
    const logger = createMemoryLogger();
    logger.warn('listener failed', {
      error: 'slack_webapi_platform_error',
      cause: new TypeError('bad input'),
    });
    expect(parse(logger.lines[0])).toMatchObject({
      error: 'slack_webapi_platform_error',
      cause: { type: 'TypeError', message: 'bad input' },
    });
  });
});
