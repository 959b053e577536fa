// How a platform call fails, as far as the domain tells the cases apart. A platform client throws
// errors of this shape (src/console/errors.ts, one class per kind); the domain recognises them by
// their shape (platformFailure) and switches on `kind`, so it never loads the client.

export const PLATFORM_FAILURE_KINDS = [
  'missing_auth',
  'invalid_token',
  'insufficient_scope',
  'forbidden',
  'not_found',
  'status_conflict',
  'validation',
  'server',
  'unexpected_status',
  'unexpected_response',
  'timeout',
  'connection',
  'invalid_request',
] as const;
export type PlatformFailureKind = (typeof PLATFORM_FAILURE_KINDS)[number];

/** What every failure says: its kind, the request it was (never the token) and what came back. */
interface FailureFields<K extends PlatformFailureKind> extends Error {
  readonly kind: K;
  /** The HTTP status; undefined when the platform did not answer. */
  readonly status: number | undefined;
  /** What the platform answered (truncated), kept to quote it. */
  readonly body: string | undefined;
  readonly method: string;
  readonly path: string;
}

/** What some kinds carry besides. */
interface FailureDetail {
  /** The action is not allowed from the experiment's current status, which the platform named. */
  status_conflict: {
    readonly experimentId: number | undefined;
    readonly action: string | undefined;
    readonly currentStatus: string | undefined;
  };
  not_found: { readonly experimentId: number | undefined; readonly action: string | undefined };
  /** outcomeUnknown: a call that changes something may have been applied; claim neither outcome. */
  timeout: { readonly outcomeUnknown: boolean };
  connection: { readonly outcomeUnknown: boolean };
  /** Refused before anything was sent. */
  invalid_request: { readonly issues: readonly string[] };
}

/** The failure of that kind (or of each of those kinds). */
export type FailureOf<K extends PlatformFailureKind> = K extends keyof FailureDetail
  ? FailureFields<K> & FailureDetail[K]
  : FailureFields<K>;

export type PlatformFailure = FailureOf<PlatformFailureKind>;

const KINDS: ReadonlySet<string> = new Set(PLATFORM_FAILURE_KINDS);

/**
 * The error as a platform failure, or undefined for anything else (a programming error, a store's,
 * a cache's budget running out): an Error with a known kind, the request's method and path, and a
 * status field.
 */
export function platformFailure(error: unknown): PlatformFailure | undefined {
  if (!(error instanceof Error) || !('status' in error)) return undefined;
  const { kind, method, path } = error as Partial<Record<'kind' | 'method' | 'path', unknown>>;
  const shaped = typeof kind === 'string' && KINDS.has(kind) && typeof method === 'string';
  return shaped && typeof path === 'string' ? (error as PlatformFailure) : undefined;
}
