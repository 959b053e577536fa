import { describe, expect, it } from 'vitest';
import { NEVER_SENT_CODES } from './never-sent-codes.js';
import { toTransportError } from './transport-error.js';

const ctx = (method: string, readOnly = method === 'GET') => ({
  method,
  path: '/x/1',
  readOnly,
  secrets: [],
  headersTimeoutMs: 1_000,
  bodyTimeoutMs: 2_000,
});
const coded = (code: string) => Object.assign(new Error(code), { code });

describe('toTransportError', () => {
  it('knows the union of what both clients knew before they shared a core', () => {
    expect([...NEVER_SENT_CODES].sort()).toEqual(
      [
        'ECONNREFUSED',
        'ENOTFOUND',
        'EAI_AGAIN',
        'EHOSTUNREACH',
        'ENETUNREACH',
        'EADDRNOTAVAIL',
        'UND_ERR_CONNECT_TIMEOUT',
        'UND_ERR_INVALID_ARG',
        'ERR_INVALID_URL',
        'CERT_HAS_EXPIRED',
        'DEPTH_ZERO_SELF_SIGNED_CERT',
        'SELF_SIGNED_CERT_IN_CHAIN',
        'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
        'ERR_TLS_CERT_ALTNAME_INVALID',
      ].sort(),
    );
  });

  it.each([...NEVER_SENT_CODES])('%s means a POST was never sent and changed nothing', (code) => {
    expect(toTransportError(coded(code), ctx('POST'))).toMatchObject({
      code,
      neverSent: true,
      outcomeUnknown: false,
    });
  });

  it.each(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])(
    '%s after sending leaves a POST unknown but a GET known',
    (code) => {
      expect(toTransportError(coded(code), ctx('POST'))).toMatchObject({
        neverSent: false,
        outcomeUnknown: true,
      });
      expect(toTransportError(coded(code), ctx('GET'))).toMatchObject({
        neverSent: false,
        outcomeUnknown: false,
      });
    },
  );

  it('an error without a code may have been sent', () => {
    expect(toTransportError(new Error('weird'), ctx('PATCH'))).toMatchObject({
      kind: 'connection',
      code: undefined,
      outcomeUnknown: true,
    });
  });

  it('finds the code inside AggregateError and cause wrappers', () => {
    const aggregate = new AggregateError([new Error('no code'), coded('ECONNREFUSED')], 'connect failed');
    expect(toTransportError(aggregate, ctx('POST'))).toMatchObject({ code: 'ECONNREFUSED', neverSent: true });
    const wrapped = new TypeError('fetch failed', { cause: coded('ENOTFOUND') });
    expect(toTransportError(wrapped, ctx('POST'))).toMatchObject({ code: 'ENOTFOUND', neverSent: true });
  });

  it('names the timed-out phase and the timeout that applied', () => {
    expect(toTransportError(coded('UND_ERR_HEADERS_TIMEOUT'), ctx('GET'))).toMatchObject({
      kind: 'timeout',
      phase: 'headers',
      timeoutMs: 1_000,
    });
    expect(toTransportError(coded('UND_ERR_BODY_TIMEOUT'), ctx('GET'))).toMatchObject({
      phase: 'body',
      timeoutMs: 2_000,
    });
    expect(toTransportError(coded('UND_ERR_CONNECT_TIMEOUT'), ctx('POST'))).toMatchObject({
      kind: 'timeout',
      phase: 'connect',
      neverSent: true,
    });
  });

  it('a deadline abort is a timeout of the phase it cut, never proven unsent', () => {
    const abort = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const error = toTransportError(abort, { ...ctx('POST'), deadline: { phase: 'headers', ms: 250 } });
    expect(error).toMatchObject({ kind: 'timeout', phase: 'headers', timeoutMs: 250, outcomeUnknown: true });
  });
});
