import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, request } from 'undici';
import type { Logger } from '../observability/logger.js';
import { redactSecrets } from '../observability/redact.js';
import { readBodyCapped } from './read-body.js';
import {
  failureOutcome,
  type ObserveRequest,
  type PlatformRequestSample,
  statusOutcome,
} from './request-sample.js';
import {
  type AttemptResult,
  parseRetryAfterMs,
  type RetryPolicy,
  retryDelayMs,
  SAFE_METHODS,
} from './retry-policy.js';
import { type TransportError, toTransportError } from './transport-error.js';

// The one request core both platform clients use. It owns everything about getting bytes to and
// from the platform: per-attempt timeouts (undici's default is 300 s), capped body reads that
// always consume or destroy the body, the retry policy, classification of network failures
// (never sent / outcome unknown), redaction of tokens from failures, one debug line per attempt and
// one observe() sample per call. What a status or a body means is left to each client.

export interface CoreRequest {
  method: string;
  url: string;
  /** The request's path as shown in errors and logs (ids are fine there, tokens never are). */
  path: string;
  /** Route template for metrics: '/experiments/v1/{id}/start', 'getFeaturesByTag'. */
  endpoint: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * The request changes nothing although its method is not GET/HEAD/OPTIONS (a lookup RPC sent as
   * POST): it is retried, and a lost answer leaves no doubt about the outcome.
   */
  readOnly?: boolean;
}

interface CoreResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Raw body text; read up to the client's limit (see `truncated`). Not redacted. */
  text: string;
  truncated: boolean;
  attempts: number;
}

interface Clock {
  /** Monotonic milliseconds, for durations and the deadline. */
  now(): number;
  /** Wall-clock epoch milliseconds, for Retry-After dates. */
  date(): number;
  sleep(ms: number): Promise<void>;
  random(): number;
}

export interface RequestCoreOptions {
  client: PlatformRequestSample['client'];
  dispatcher: Dispatcher;
  /** Per attempt; undici's headersTimeout and bodyTimeout (idle time between body chunks). */
  timeouts: { headersMs: number; bodyMs: number };
  /** Bodies are read this far: errors need a sentence, successes the client's largest answer. */
  limits: { successBytes: number; errorBytes: number };
  retry: RetryPolicy;
  /** Configured tokens: masked in every failure, besides the generic bearer/JWT patterns. */
  secrets: readonly string[];
  logger?: Logger;
  observe?: ObserveRequest;
  /** Tests replace time and randomness; production uses the real ones. */
  clock?: Partial<Clock>;
}

export interface RequestCore {
  /** The final answer, whatever its status; throws TransportError when none came. */
  send(req: CoreRequest): Promise<CoreResponse>;
}

const realClock: Clock = {
  now: () => performance.now(),
  date: () => Date.now(),
  sleep: (ms) => sleep(ms),
  random: Math.random,
};

/** Per-attempt limits: the configured timeouts, cut to what is left of the deadline. */
interface Applied {
  headersMs: number;
  bodyMs: number;
  deadlineMs: number | undefined;
}

type Attempt = { ok: true; res: Omit<CoreResponse, 'attempts'> } | { ok: false; error: TransportError };

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** One request, its body read within the limit; a failure is returned, never thrown. */
async function attemptOnce(
  transport: Pick<RequestCoreOptions, 'dispatcher' | 'limits' | 'secrets'>,
  req: CoreRequest,
  readOnly: boolean,
  applied: Applied,
): Promise<Attempt> {
  const { dispatcher, limits, secrets } = transport;
  const ctx = {
    method: req.method,
    path: req.path,
    readOnly,
    secrets,
    headersTimeoutMs: applied.headersMs,
    bodyTimeoutMs: applied.bodyMs,
  };
  // undici checks its timeouts on a coarse clock (about a second), so a deadline is held by an
  // abort signal instead, and reported as a timeout of the phase it cut short.
  const signal = applied.deadlineMs === undefined ? undefined : AbortSignal.timeout(applied.deadlineMs);
  const fail = (err: unknown, phase: 'headers' | 'body'): Attempt => {
    // undici rejects with the signal's own reason; any other error failed on its own.
    const deadline = signal?.aborted && err === signal.reason ? { phase, ms: applied.deadlineMs } : undefined;
    return { ok: false, error: toTransportError(err, deadline ? { ...ctx, deadline } : ctx) };
  };
  let response: Dispatcher.ResponseData;
  try {
    response = await request(req.url, {
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body,
      dispatcher,
      headersTimeout: applied.headersMs,
      bodyTimeout: applied.bodyMs,
      signal,
    });
  } catch (err) {
    return fail(err, 'headers');
  }
  const status = response.statusCode;
  try {
    const limit = isSuccess(status) ? limits.successBytes : limits.errorBytes;
    const read = await readBodyCapped(response.body, limit);
    return { ok: true, res: { status, headers: response.headers, ...read } };
  } catch (err) {
    return fail(err, 'body');
  }
}

function attemptResult(outcome: Attempt, clock: Clock): AttemptResult {
  if (!outcome.ok) return { type: outcome.error.kind };
  const header = outcome.res.headers['retry-after'];
  const retryAfter = Array.isArray(header) ? header[0] : header;
  return {
    type: 'status',
    status: outcome.res.status,
    retryAfterMs: parseRetryAfterMs(retryAfter, clock.date()),
  };
}

export function createRequestCore(opts: RequestCoreOptions): RequestCore {
  const { dispatcher, timeouts, limits, retry, secrets, logger } = opts;
  const clock: Clock = { ...realClock, ...opts.clock };

  const attempt = (req: CoreRequest, readOnly: boolean, applied: Applied) =>
    attemptOnce({ dispatcher, limits, secrets }, req, readOnly, applied);
  const toResult = (outcome: Attempt) => attemptResult(outcome, clock);

  function observe(req: CoreRequest, outcome: Attempt, started: number, attempts: number): void {
    if (!opts.observe) return;
    const sample: PlatformRequestSample = {
      client: opts.client,
      endpoint: req.endpoint,
      method: req.method,
      outcome: outcome.ok
        ? statusOutcome(outcome.res.status, outcome.res.truncated)
        : failureOutcome(outcome.error),
      durationMs: clock.now() - started,
      attempts,
    };
    if (outcome.ok) sample.status = outcome.res.status;
    try {
      opts.observe(sample);
    } catch (err) {
      // A broken metrics hook must never turn a platform answer into a failure.
      const message = err instanceof Error ? err.message : String(err);
      logger?.warn('observe hook failed', { error: redactSecrets(message, secrets) });
    }
  }

  async function send(req: CoreRequest): Promise<CoreResponse> {
    const readOnly = SAFE_METHODS.has(req.method) || req.readOnly === true;
    const started = clock.now();
    for (let retryIndex = 0; ; retryIndex++) {
      // Inside a deadline every attempt is cut to what is left of it, so the last one ends in time.
      // undici reads a timeout of 0 as "none": never let the cut reach it.
      const left =
        retry.deadlineMs === undefined
          ? undefined
          : Math.max(1, Math.floor(retry.deadlineMs - (clock.now() - started)));
      const applied: Applied = {
        headersMs: Math.min(timeouts.headersMs, left ?? Number.POSITIVE_INFINITY),
        bodyMs: Math.min(timeouts.bodyMs, left ?? Number.POSITIVE_INFINITY),
        deadlineMs: left,
      };
      const attemptStarted = clock.now();
      const outcome = await attempt(req, readOnly, applied);
      const elapsedMs = clock.now() - started;
      const delay = retryDelayMs(
        { result: toResult(outcome), retryIndex, readOnly, elapsedMs },
        retry,
        clock.random,
      );
      logger?.debug(`${opts.client} request`, {
        method: req.method,
        path: req.path,
        status: outcome.ok ? outcome.res.status : undefined,
        durationMs: Math.round(clock.now() - attemptStarted),
        attempt: retryIndex + 1,
        ...(outcome.ok ? {} : { error: outcome.error.kind, code: outcome.error.code }),
        ...(delay === undefined ? {} : { retryInMs: delay }),
      });
      if (delay === undefined) {
        observe(req, outcome, started, retryIndex + 1);
        if (!outcome.ok) throw outcome.error;
        return { ...outcome.res, attempts: retryIndex + 1 };
      }
      await clock.sleep(delay);
    }
  }

  return { send };
}
