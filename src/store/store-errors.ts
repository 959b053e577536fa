// Failures of the persistence layer, one class each. Messages never carry a password or a token:
// URLs are passed through maskUrl (src/observability/url-secrets.ts) before they reach a message.

/** STORE_URL (or a namespace name handed to store.keyv) cannot be used. */
export class StoreConfigError extends Error {
  constructor(
    readonly setting: 'STORE_URL' | 'namespace',
    readonly detail: string,
  ) {
    super(`Invalid store configuration: ${setting}: ${detail}`);
    this.name = 'StoreConfigError';
  }
}

/** The backend named by STORE_URL could not be reached or prepared at start-up. */
export class StoreConnectionError extends Error {
  constructor(
    readonly kind: 'sqlite' | 'redis' | 'postgres',
    /** The URL with its credentials masked (maskUrl), or a SQLite file's path. */
    readonly where: string,
    options: { cause: unknown },
  ) {
    super(`Cannot open the ${kind} store at ${where}: ${describeCause(options.cause)}`, options);
    this.name = 'StoreConnectionError';
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof AggregateError && cause.errors.length > 0) {
    return cause.errors.map((e) => describeCause(e)).join('; ');
  }
  return cause instanceof Error ? cause.message || cause.name : String(cause);
}
