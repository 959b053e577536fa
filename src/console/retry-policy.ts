import { ConnectionError, type ConsoleError, ConsoleTimeoutError, ServerError } from './errors.js';

export interface RetryPolicy {
  /** Total tries, the first one included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 200, maxDelayMs: 2_000 };

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/**
 * Full jitter (random between 0 and the exponential ceiling): many workspaces hitting the same
 * outage spread their retries instead of arriving in waves.
 */
export function backoffDelayMs(retryIndex: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retrying a GET that failed with `error`, or undefined to give up.
 * Only failures that say nothing about the request itself are retried: the network, timeouts,
 * gateways, and 429 when the platform asks for a wait we can afford inside one Slack interaction.
 */
export function retryDelayMs(
  error: ConsoleError,
  retryIndex: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random = Math.random,
): number | undefined {
  if (retryIndex + 1 >= policy.attempts) return undefined;
  if (error.status === 429) {
    if (retryAfterMs === undefined) return backoffDelayMs(retryIndex, policy, random);
    return retryAfterMs <= policy.maxDelayMs ? retryAfterMs : undefined;
  }
  const retryable =
    error instanceof ConnectionError ||
    error instanceof ConsoleTimeoutError ||
    (error instanceof ServerError && error.status !== undefined && RETRYABLE_STATUSES.has(error.status));
  return retryable ? backoffDelayMs(retryIndex, policy, random) : undefined;
}

/** Clamp caller-supplied numbers so a typo cannot turn into a retry storm or an instant loop. */
export function normaliseRetry(input: Partial<RetryPolicy> | undefined): RetryPolicy {
  const pick = (value: number | undefined, fallback: number, min: number, max: number) =>
    value === undefined || !Number.isFinite(value)
      ? fallback
      : Math.min(max, Math.max(min, Math.floor(value)));
  return {
    attempts: pick(input?.attempts, DEFAULT_RETRY.attempts, 1, 10),
    baseDelayMs: pick(input?.baseDelayMs, DEFAULT_RETRY.baseDelayMs, 0, 60_000),
    maxDelayMs: pick(input?.maxDelayMs, DEFAULT_RETRY.maxDelayMs, 0, 60_000),
  };
}
