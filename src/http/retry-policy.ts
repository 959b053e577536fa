// One retry policy for both platform clients (after openai-node's and stripe-node's): bounded
// attempts, exponential backoff with full jitter, Retry-After honoured up to a cap, and an overall
// deadline so a retry never outlives the caller's budget.
//
// Only requests that change nothing are ever retried (GET/HEAD/OPTIONS, or a lookup the caller
// declares read-only). A lifecycle POST, a PATCH or an exposure is sent exactly once: the platform
// offers no idempotency key, so a repeat after a lost answer could apply it twice.

export interface RetryPolicy {
  /** Total tries, the first one included. */
  attempts: number;
  baseDelayMs: number;
  /** Ceiling of one backoff wait. */
  maxDelayMs: number;
  /**
   * The longest Retry-After we wait for (default: maxDelayMs). A server asking for more gets no
   * retry and its answer stands: waiting less than asked would only be refused again.
   */
  maxRetryAfterMs: number;
  /** Budget of the whole attempt-set from the first try; undefined = only the attempts bound it. */
  deadlineMs: number | undefined;
  /** Retry after a header/body timeout. Off where a silent server is better reported at once. */
  retryTimeouts: boolean;
}

export type RetryOptions = Partial<RetryPolicy>;

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 2_000,
  maxRetryAfterMs: 2_000,
  deadlineMs: undefined,
  retryTimeouts: true,
};

/** Proxies and load balancers answer these while the service restarts or sheds load. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Methods that change nothing by HTTP's definition (RFC 9110 §9.2.1). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Full jitter (random between 0 and the exponential ceiling): many workspaces hitting the same
 * outage spread their retries instead of arriving in waves.
 */
export function backoffDelayMs(retryIndex: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(value: string | undefined, nowEpochMs = Date.now()): number | undefined {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Every HTTP-date form names its month; Date.parse would also read '-1' or '2025' as dates.
  const date = /[A-Za-z]/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowEpochMs);
}

/** What one attempt ended with, as far as the retry decision cares. */
export type AttemptResult =
  | { type: 'status'; status: number; retryAfterMs: number | undefined }
  | { type: 'timeout' }
  | { type: 'connection' };

export interface RetryInput {
  result: AttemptResult;
  /** 0 for the decision after the first attempt. */
  retryIndex: number;
  /** The request changes nothing on the server. */
  readOnly: boolean;
  /** Time spent since the first attempt started. */
  elapsedMs: number;
}

/** How long to wait before the next attempt, or undefined to stop and report this result. */
export function retryDelayMs(
  input: RetryInput,
  policy: RetryPolicy,
  random = Math.random,
): number | undefined {
  const { result, retryIndex, readOnly, elapsedMs } = input;
  if (!readOnly || retryIndex + 1 >= policy.attempts) return undefined;
  let delay: number | undefined;
  if (result.type === 'connection') delay = backoffDelayMs(retryIndex, policy, random);
  else if (result.type === 'timeout')
    delay = policy.retryTimeouts ? backoffDelayMs(retryIndex, policy, random) : undefined;
  else if (RETRYABLE_STATUSES.has(result.status)) {
    const asked = result.retryAfterMs;
    if (asked === undefined) delay = backoffDelayMs(retryIndex, policy, random);
    else delay = asked <= policy.maxRetryAfterMs ? asked : undefined;
  }
  if (delay === undefined) return undefined;
  if (policy.deadlineMs !== undefined && elapsedMs + delay >= policy.deadlineMs) return undefined;
  return delay;
}

/** Clamp caller-supplied numbers so a typo cannot turn into a retry storm or an instant loop. */
export function normaliseRetry(
  input: RetryOptions | undefined,
  defaults: RetryPolicy = DEFAULT_RETRY,
): RetryPolicy {
  const pick = (value: number | undefined, fallback: number, min: number, max: number) =>
    value === undefined || !Number.isFinite(value)
      ? fallback
      : Math.min(max, Math.max(min, Math.floor(value)));
  const maxDelayMs = pick(input?.maxDelayMs, defaults.maxDelayMs, 0, 60_000);
  const deadline = input?.deadlineMs ?? defaults.deadlineMs;
  return {
    attempts: pick(input?.attempts, defaults.attempts, 1, 10),
    baseDelayMs: pick(input?.baseDelayMs, defaults.baseDelayMs, 0, 60_000),
    maxDelayMs,
    // Unless told otherwise, a server may ask for as long as one backoff may last.
    maxRetryAfterMs: pick(input?.maxRetryAfterMs, maxDelayMs, 0, 120_000),
    deadlineMs:
      deadline === undefined || !Number.isFinite(deadline) ? undefined : Math.max(1, Math.floor(deadline)),
    retryTimeouts: input?.retryTimeouts ?? defaults.retryTimeouts,
  };
}
