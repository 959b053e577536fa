import type { Logger } from '../observability/logger.js';
import { redactSecrets } from '../observability/redact.js';

export type ReportError = (source: string, error: unknown) => void;

/**
 * One place every backend error goes through. A Redis client error reaches every Keyv sharing the
 * client (and Keyv re-emits an adapter's error), so the same Error object is logged once, not once
 * per namespace. `secrets` (e.g. the store password) are masked in addition to the logger's patterns.
 */
export function createErrorReporter(logger: Logger, secrets: readonly string[]): ReportError {
  const seen = new WeakSet<object>();
  return (source, error) => {
    if (typeof error === 'object' && error !== null) {
      if (seen.has(error)) return;
      seen.add(error);
    }
    logger.error('store error', { source, error: describe(error, secrets) });
  };
}

function describe(error: unknown, secrets: readonly string[]): Record<string, string> {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: error.name,
      message: redactSecrets(error.message || describeAggregate(error), secrets),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  return { name: 'Error', message: redactSecrets(String(error), secrets) };
}

// Connection refusals to "localhost" arrive as an AggregateError with an empty message.
function describeAggregate(error: Error): string {
  return error instanceof AggregateError
    ? error.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).join('; ')
    : '';
}
