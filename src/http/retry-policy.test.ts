import { describe, expect, it } from 'vitest';
import {
  type AttemptResult,
  backoffDelayMs,
  normaliseRetry,
  parseRetryAfterMs,
  type RetryPolicy,
  retryDelayMs,
} from './retry-policy.js';

const policy: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 1_000,
  deadlineMs: undefined,
  retryTimeouts: true,
};
const half = () => 0.5;
const status = (s: number, retryAfterMs?: number): AttemptResult => ({
  type: 'status',
  status: s,
  retryAfterMs,
});
const delay = (result: AttemptResult, retryIndex: number, p = policy, readOnly = true, elapsedMs = 0) =>
  retryDelayMs({ result, retryIndex, readOnly, elapsedMs }, p, half);

describe('backoffDelayMs', () => {
  it('draws between zero and an exponential ceiling capped at maxDelayMs', () => {
    expect(backoffDelayMs(0, policy, () => 0.999)).toBe(199);
    expect(backoffDelayMs(2, policy, () => 0.999)).toBe(799);
    expect(backoffDelayMs(5, policy, () => 0.999)).toBe(999);
    expect(backoffDelayMs(5, policy, () => 0)).toBe(0);
  });
});

describe('retryDelayMs', () => {
  it.each([
    ['connection', { type: 'connection' } as const],
    ['timeout', { type: 'timeout' } as const],
    ['502', status(502)],
    ['503', status(503)],
    ['504', status(504)],
  ])('retries %s while attempts remain', (_l, result) => {
    expect(delay(result, 0)).toBe(100);
    expect(delay(result, 1)).toBe(200);
    expect(delay(result, 2)).toBeUndefined();
  });

  it.each([
    ['500', status(500)],
    ['400', status(400)],
    ['409', status(409)],
    ['200', status(200)],
  ])('does not retry %s', (_l, result) => {
    expect(delay(result, 0)).toBeUndefined();
  });

  it.each([
    ['connection', { type: 'connection' } as const],
    ['timeout', { type: 'timeout' } as const],
    ['503', status(503)],
    ['429 with a short Retry-After', status(429, 0)],
  ])('never retries a request that changes state, even after %s', (_l, result) => {
    expect(delay(result, 0, policy, false)).toBeUndefined();
  });

  it('waits a Retry-After within maxRetryAfterMs on 429 and gives up beyond it', () => {
    expect(delay(status(429, 800), 0)).toBe(800);
    expect(delay(status(429, 5_000), 0)).toBeUndefined();
    expect(delay(status(429), 0)).toBe(100);
  });

  it('honours Retry-After on a 503 too, above the backoff it replaces', () => {
    expect(delay(status(503, 900), 0)).toBe(900);
    expect(delay(status(503, 1_001), 0)).toBeUndefined();
  });

  it('leaves timeouts alone when the client says so', () => {
    const noTimeouts = { ...policy, retryTimeouts: false };
    expect(delay({ type: 'timeout' }, 0, noTimeouts)).toBeUndefined();
    expect(delay({ type: 'connection' }, 0, noTimeouts)).toBe(100);
  });

  it('never schedules a retry that would start at or past the deadline', () => {
    const budget = { ...policy, deadlineMs: 1_000 };
    expect(delay(status(503), 0, budget, true, 899)).toBe(100);
    expect(delay(status(503), 0, budget, true, 900)).toBeUndefined();
    expect(delay(status(429, 800), 0, budget, true, 300)).toBeUndefined();
  });
});

describe('parseRetryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfterMs('2')).toBe(2_000);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfterMs('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3_000);
    expect(parseRetryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterMs(' 7 ')).toBe(7_000);
    expect(parseRetryAfterMs('soon')).toBeUndefined();
    expect(parseRetryAfterMs('-1')).toBeUndefined();
    expect(parseRetryAfterMs('')).toBeUndefined();
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
  });
});

describe('normaliseRetry', () => {
  it('fills defaults and clamps nonsense', () => {
    expect(normaliseRetry(undefined)).toEqual({
      attempts: 3,
      baseDelayMs: 200,
      maxDelayMs: 2_000,
      maxRetryAfterMs: 2_000,
      deadlineMs: undefined,
      retryTimeouts: true,
    });
    expect(normaliseRetry({ attempts: 0, baseDelayMs: -5, maxDelayMs: Number.NaN })).toMatchObject({
      attempts: 1,
      baseDelayMs: 0,
      maxDelayMs: 2_000,
    });
    expect(normaliseRetry({ attempts: 1e9 }).attempts).toBe(10);
  });

  it('caps Retry-After at maxDelayMs unless told otherwise, and keeps a sane deadline', () => {
    expect(normaliseRetry({ maxDelayMs: 5 }).maxRetryAfterMs).toBe(5);
    expect(normaliseRetry({ maxDelayMs: 5, maxRetryAfterMs: 30_000 }).maxRetryAfterMs).toBe(30_000);
    expect(normaliseRetry({ deadlineMs: 2_500.7 }).deadlineMs).toBe(2_500);
    expect(normaliseRetry({ deadlineMs: -1 }).deadlineMs).toBe(1);
    expect(normaliseRetry({ deadlineMs: Number.POSITIVE_INFINITY }).deadlineMs).toBeUndefined();
  });

  it('takes a client’s own defaults', () => {
    const splitter = { ...normaliseRetry(undefined), attempts: 2, retryTimeouts: false };
    expect(normaliseRetry({ baseDelayMs: 1 }, splitter)).toMatchObject({ attempts: 2, retryTimeouts: false });
  });
});
