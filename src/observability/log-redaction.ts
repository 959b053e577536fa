import { stdSerializers } from 'pino';

/**
 * Field names whose values are secrets whatever they look like. Platform tokens can be opaque, so
 * the shape-based redactSecrets cannot recognise them; these keys are censored by name instead.
 * Names are compared without case, `_` or `-`, so `bot_token`, `botToken` and `Bot-Token` match.
 */
const secretKeys = new Set(
  [
    'token',
    'accessToken',
    'refreshToken',
    'botToken',
    'appToken',
    'userToken',
    'apiToken',
    'authorization',
    'proxyAuthorization',
    'cookie',
    'setCookie',
    'secret',
    'signingSecret',
    'clientSecret',
    'stateSecret',
    'hookSecret',
    'password',
    'encryptionKey',
    'tokenEncryptionKey',
    'tokenEncryptionOldKeys',
    'oldKeys',
    'privateKey',
  ].map(normalise),
);

const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

function normalise(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

function isSecretKey(key: string): boolean {
  return secretKeys.has(normalise(key));
}

/**
 * A copy of a log record's fields with every secret-named value censored, at any depth, and every
 * Error serialised (stack, code and cause chain kept, their own fields censored too). This is done
 * in one walk instead of with pino's `redact` paths: pino's wildcards match a single level, and
 * spelling out the paths for this list to four levels made every log line many times dearer
 * (docs/benchmarks.md).
 */
export function censorFields(fields: Record<string, unknown>): Record<string, unknown> {
  return censorObject(fields, 0, new WeakSet());
}

function censor(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return censorObject(stdSerializers.errWithCause(value), depth, seen);
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => censor(item, depth + 1, seen));
  }
  // What JSON.stringify would write for a Date, Buffer or URL, censored like the rest.
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return censor(toJSON.call(value), depth, seen);
  return censorObject(value, depth, seen);
}

function censorObject(value: object, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  seen.add(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) && item !== undefined ? REDACTED : censor(item, depth + 1, seen);
  }
  return out;
}
