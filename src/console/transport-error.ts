import { redactSecrets } from '../observability/redact.js';
import { ConnectionError, type ConsoleError, ConsoleTimeoutError } from './errors.js';

// Failures that happen before a single byte of the request can reach the platform: whatever the
// method, nothing changed there.
const NOT_SENT_CODES = new Set([
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
]);

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The error code, looking through AggregateError (happy eyeballs) and `cause` wrappers. */
export function errorCode(err: unknown, depth = 0): string | undefined {
  if (depth > 3 || err === null || typeof err !== 'object') return undefined;
  const { code, cause, errors } = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors) && errors.length > 0) return errorCode(errors[0], depth + 1);
  return errorCode(cause, depth + 1);
}

/**
 * The original error is kept as `cause` unless its text carries a secret (undici's mock errors, for
 * one, print request headers): then a redacted copy with the same name and code stands in.
 */
export function safeCause(err: unknown, token: string | undefined): unknown {
  if (!(err instanceof Error)) return err;
  const secrets = token === undefined ? [] : [token];
  const text = `${err.message}\n${err.stack ?? ''}`;
  if (redactSecrets(text, secrets) === text) return err;
  const copy = new Error(redactSecrets(err.message, secrets));
  copy.name = err.name;
  copy.stack = redactSecrets(err.stack ?? '', secrets);
  const code = errorCode(err);
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}

export interface TransportContext {
  method: string;
  path: string;
  token: string | undefined;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

/**
 * Maps a network-level failure to ConsoleTimeoutError or ConnectionError. A GET changes nothing, so
 * its outcome is never "unknown"; a POST/PATCH that may have left the process is.
 */
export function transportError(err: unknown, ctx: TransportContext): ConsoleError {
  const code = errorCode(err);
  const cause = safeCause(err, ctx.token);
  const where = `${ctx.method} ${ctx.path}`;
  const mayHaveChanged = ctx.method !== 'GET';
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    const what =
      code === 'UND_ERR_HEADERS_TIMEOUT'
        ? `no response within ${ctx.headersTimeoutMs} ms`
        : `response body stalled for ${ctx.bodyTimeoutMs} ms`;
    const tail = mayHaveChanged ? '; the outcome is unknown' : '';
    return new ConsoleTimeoutError(`Console API ${where}: ${what}${tail}`, {
      method: ctx.method,
      path: ctx.path,
      cause,
      outcomeUnknown: mayHaveChanged,
    });
  }
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  const outcomeUnknown = mayHaveChanged && !notSent;
  const reason = notSent ? 'could not reach the platform' : 'connection failed';
  const tail = outcomeUnknown ? '; the outcome is unknown' : '';
  return new ConnectionError(`Console API ${where}: ${reason} (${code ?? 'unknown error'})${tail}`, {
    method: ctx.method,
    path: ctx.path,
    cause,
    outcomeUnknown,
  });
}
