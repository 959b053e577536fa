import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { redactCause } from './redact-cause.js';

const TOKEN = 'opaque-secret-0f9e8d7c6b5a';

describe('redactCause', () => {
  it('keeps a clean chain as it is, class and all', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const err = new TypeError('fetch failed', { cause: inner });
    expect(redactCause(err, [TOKEN])).toBe(err);
  });

  it('rebuilds a chain whose deepest cause quotes the token, keeping names and codes', () => {
    const inner = Object.assign(new Error(`upstream said ${TOKEN}`), { code: 'E_UPSTREAM', port: 443 });
    const middle = new Error('proxy failed', { cause: inner });
    const outer = Object.assign(new Error('request failed', { cause: middle }), { name: 'SocketError' });
    const safe = redactCause(outer, [TOKEN]) as Error;
    expect(safe).not.toBe(outer);
    expect(safe).toMatchObject({ name: 'SocketError', message: 'request failed' });
    const safeInner = (safe.cause as Error).cause as Error & { code: string; port: number };
    expect(safeInner).toMatchObject({ message: 'upstream said [redacted]', code: 'E_UPSTREAM', port: 443 });
    expect(inspect(safe, { depth: 10 })).not.toContain(TOKEN);
    // The original is left alone for whoever else holds it.
    expect(inner.message).toContain(TOKEN);
  });

  it('looks into AggregateError (happy-eyeballs connects) and masks bearer values not configured', () => {
    const err = new AggregateError(
      [new Error('connect ECONNREFUSED ::1'), new Error('sent Authorization: Bearer abc.def-ghi')],
      'all attempts failed',
    );
    const safe = redactCause(err, []) as AggregateError;
    expect(safe).toBeInstanceOf(AggregateError);
    expect(safe.errors.map((e: Error) => e.message)).toEqual([
      'connect ECONNREFUSED ::1',
      'sent Authorization: Bearer [redacted]',
    ]);
  });

  it('masks the token in own string fields and in plain-object or string causes', () => {
    const withField = Object.assign(new Error('bad'), { header: `Bearer ${TOKEN}` });
    expect(inspect(redactCause(withField, [TOKEN]), { depth: 5 })).not.toContain(TOKEN);
    const objectCause = new Error('bad', { cause: { headers: { authorization: TOKEN } } });
    const safe = redactCause(objectCause, [TOKEN]) as Error;
    expect(safe.cause).toBe('{"headers":{"authorization":"[redacted]"}}');
    expect(redactCause(`token ${TOKEN}`, [TOKEN])).toBe('token [redacted]');
  });

  it('cuts a chain deeper than anyone reads rather than keep what it did not inspect', () => {
    let err = new Error(`bottom ${TOKEN}`);
    for (let i = 0; i < 20; i++) err = new Error(`level ${i}`, { cause: err });
    expect(inspect(redactCause(err, [TOKEN]), { depth: 50 })).not.toContain(TOKEN);
  });
});
