import { redactSecrets } from '../observability/redact.js';

// Errors from the network stack are kept as `cause` so a failure can be diagnosed, but some of them
// quote the request: undici's mock errors print the headers, proxies and custom dispatchers may put
// the Authorization value in a message. A cause chain is kept as it is when nothing in it carries a
// secret; otherwise the chain is rebuilt from redacted copies that keep each error's name, code and
// other plain fields, so logging `error.cause` (or util.inspect of the whole error) cannot leak.

const MAX_DEPTH = 5;

type Secrets = readonly string[];

function leaks(text: string, secrets: Secrets): boolean {
  return redactSecrets(text, secrets) !== text;
}

function ownPrimitives(err: Error): [string, string | number | boolean][] {
  return Object.entries(err).filter(
    (entry): entry is [string, string | number | boolean] =>
      entry[0] !== 'cause' && ['string', 'number', 'boolean'].includes(typeof entry[1]),
  );
}

/** A plain object in a chain (some libraries throw them) is judged and replaced by its JSON text. */
function jsonText(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function nested(err: Error): unknown[] {
  return err instanceof AggregateError && Array.isArray(err.errors) ? err.errors : [];
}

/** True when the value, its `cause` chain or its aggregated errors carry a secret. */
function chainLeaks(value: unknown, secrets: Secrets, depth = 0): boolean {
  // Deeper than anyone reads: not inspected, so assume the worst and let the copy cut it off.
  if (depth > MAX_DEPTH) return value !== undefined && value !== null;
  if (typeof value === 'string') return leaks(value, secrets);
  if (!(value instanceof Error)) return leaks(jsonText(value) ?? '', secrets);
  const own = [value.message, value.stack ?? '', ...ownPrimitives(value).map(([, v]) => String(v))];
  if (own.some((text) => leaks(text, secrets))) return true;
  if (nested(value).some((inner) => chainLeaks(inner, secrets, depth + 1))) return true;
  return chainLeaks(value.cause, secrets, depth + 1);
}

function copy(value: unknown, secrets: Secrets, depth: number): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (!(value instanceof Error)) {
    const text = jsonText(value);
    return text !== undefined && leaks(text, secrets) ? redactSecrets(text, secrets) : value;
  }
  const message = redactSecrets(value.message, secrets);
  const inner = nested(value).map((e) => copy(e, secrets, depth + 1));
  const out = value instanceof AggregateError ? new AggregateError(inner, message) : new Error(message);
  out.name = value.name;
  out.stack = redactSecrets(value.stack ?? '', secrets);
  for (const [key, v] of ownPrimitives(value)) {
    Object.assign(out, { [key]: typeof v === 'string' ? redactSecrets(v, secrets) : v });
  }
  if (value.cause !== undefined) {
    const cause = copy(value.cause, secrets, depth + 1);
    if (cause !== undefined) Object.assign(out, { cause });
  }
  return out;
}

/**
 * The error to keep as `cause`: the original when its whole chain is clean, otherwise a redacted copy
 * of the chain. `secrets` are the configured tokens; bearer values and JWT-shaped strings are
 * masked whether configured or not.
 */
export function redactCause(err: unknown, secrets: Secrets): unknown {
  return chainLeaks(err, secrets) ? copy(err, secrets, 0) : err;
}
