import { describe, expect, it } from 'vitest';
import {
  ConnectionError,
  ConsoleTimeoutError,
  ServerError,
  UnexpectedStatusError,
  ValidationError,
} from './errors.js';
import { backoffDelayMs, normaliseRetry, parseRetryAfterMs, retryDelayMs } from './retry-policy.js';

const policy = { attempts: 3, baseDelayMs: 200, maxDelayMs: 1_000 };
const init = { method: 'GET', path: '/x' };
const half = () => 0.5;

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
    ['connection', new ConnectionError('x', { ...init, outcomeUnknown: false })],
    ['timeout', new ConsoleTimeoutError('x', { ...init, outcomeUnknown: false })],
    ['502', new ServerError('x', { ...init, status: 502 })],
    ['503', new ServerError('x', { ...init, status: 503 })],
    ['504', new ServerError('x', { ...init, status: 504 })],
  ])('retries %s while attempts remain', (_l, error) => {
    expect(retryDelayMs(error, 0, policy, undefined, half)).toBe(100);
    expect(retryDelayMs(error, 1, policy, undefined, half)).toBe(200);
    expect(retryDelayMs(error, 2, policy, undefined, half)).toBeUndefined();
  });

  it.each([
    ['500', new ServerError('x', { ...init, status: 500 })],
    ['400', new ValidationError('x', { ...init, status: 400 })],
    ['409', new UnexpectedStatusError('x', { ...init, status: 409 })],
  ])('does not retry %s', (_l, error) => {
    expect(retryDelayMs(error, 0, policy, undefined, half)).toBeUndefined();
  });

  it('waits a Retry-After within maxDelayMs on 429 and gives up beyond it', () => {
    const error = new UnexpectedStatusError('x', { ...init, status: 429 });
    expect(retryDelayMs(error, 0, policy, 800, half)).toBe(800);
    expect(retryDelayMs(error, 0, policy, 5_000, half)).toBeUndefined();
    expect(retryDelayMs(error, 0, policy, undefined, half)).toBe(100);
  });
});

describe('parseRetryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfterMs('2')).toBe(2_000);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfterMs('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3_000);
    expect(parseRetryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterMs('soon')).toBeUndefined();
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
  });
});

describe('normaliseRetry', () => {
  it('fills defaults and clamps nonsense', () => {
    expect(normaliseRetry(undefined)).toEqual({ attempts: 3, baseDelayMs: 200, maxDelayMs: 2_000 });
    expect(normaliseRetry({ attempts: 0, baseDelayMs: -5, maxDelayMs: Number.NaN })).toEqual({
      attempts: 1,
      baseDelayMs: 0,
      maxDelayMs: 2_000,
    });
    expect(normaliseRetry({ attempts: 1e9 }).attempts).toBe(10);
  });
});
