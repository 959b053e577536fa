import type { Dispatcher } from 'undici';
import type * as z from 'zod';
import type { ObserveRequest } from '../http/request-sample.js';
import { DEFAULT_RETRY, normaliseRetry, type RetryOptions, type RetryPolicy } from '../http/retry-policy.js';
import { createLogger, type Logger } from '../observability/logger.js';
import { type SplitterMethod, SplitterRequestError } from './errors.js';
import { checkExposeAnswer, isSuccess, readFeatures, refuseTruncated, toApiError } from './responses.js';
import {
  ExposeManyV2Request,
  type Feature,
  GetFeaturesByTagRequest,
  KNOWN_PLATFORMS,
  type PlatformRef,
} from './schemas.js';
import { createSplitterSender, type RawResponse } from './splitter-sender.js';

export interface SplitterClientOptions {
  /** `{splitter_url}`; trailing slashes are ignored. */
  baseUrl: string;
  /** Optional bearer token: splitter authentication is not shown by the interface. */
  token?: string;
  /** Value of the X-Source header; sent only when given. */
  source?: string;
  /** false (default): POST {base}/<method>; true: POST {base}/<method>/ (as the public Trisigma docs write it). */
  trailingSlash?: boolean;
  /** Injected in tests; when given, connectMs is the dispatcher's business. */
  dispatcher?: Dispatcher;
  /** Defaults 3000/5000/5000 ms. undici's own defaults (300 s) would hang a chat reply. */
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  /** Applies to getFeaturesByTag only. deadlineMs bounds a call with all its retries. */
  retry?: Omit<RetryOptions, 'retryTimeouts'>;
  logger?: Logger;
  /** One sample per call (all retries together), for metrics. */
  observe?: ObserveRequest;
}

export interface SplitterClient {
  getFeaturesByTag(req: GetFeaturesByTagRequest): Promise<Feature[]>;
  exposeManyV2(req: ExposeManyV2Request): Promise<void>;
}

/**
 * Retries, and why (the policy itself is src/http/retry-policy.ts, shared with the console):
 *
 * - getFeaturesByTag is a POST only because the splitter is RPC over HTTP; it is a lookup. The
 *   interface describes it as returning the participant's features and nothing else, and registering
 *   a participation is a separate method (exposeManyV2), so a repeat changes nothing and returns the
 *   same groups. It is therefore declared read-only and retried like a GET: after a broken connection
 *   (even one that happened after sending) and on 429/502/503/504, once by default. "Retry only when
 *   provably never sent" was considered and rejected: it would turn a splitter restart (a reset or a
 *   502 from its proxy) into a failed chat command for no safety gain, since nothing is at stake.
 *   Timeouts are not retried: the splitter answers in milliseconds, so one that stays silent for
 *   seconds is overloaded, and the person waiting in Slack is better served by a prompt answer than
 *   by twice the wait and more load on it.
 * - exposeManyV2 is never retried: every registered exposure counts in the experiment's statistics,
 *   and a repeat after a lost answer could count a participant twice. After sending, its failures
 *   carry outcomeUnknown: true; before sending (refused, DNS, connect timeout) nothing was registered.
 */
const SPLITTER_RETRY: RetryPolicy = {
  ...DEFAULT_RETRY,
  attempts: 2,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 1_000,
  retryTimeouts: false,
};

export function createSplitterClient(opts: SplitterClientOptions): SplitterClient {
  const logger = (opts.logger ?? createLogger({ write: () => {} })).child({ component: 'splitter' });
  const sender = createSplitterSender({
    baseUrl: opts.baseUrl,
    token: opts.token,
    source: opts.source,
    trailingSlash: opts.trailingSlash ?? false,
    dispatcher: opts.dispatcher,
    connectMs: opts.timeouts?.connectMs ?? 3000,
    headersMs: opts.timeouts?.headersMs ?? 5000,
    bodyMs: opts.timeouts?.bodyMs ?? 5000,
    retry: normaliseRetry(opts.retry, SPLITTER_RETRY),
    logger,
    observe: opts.observe,
  });
  const warnedPlatformIds = new Set<number>();

  // Ids other than the four the interface names are passed through: the platform may know more,
  // but its behaviour for them is not shown, so it is worth one warning per id per process.
  function warnUnknownPlatforms(method: SplitterMethod, platforms: readonly PlatformRef[]): void {
    for (const { id } of platforms) {
      if (KNOWN_PLATFORMS.has(id) || warnedPlatformIds.has(id)) continue;
      warnedPlatformIds.add(id);
      logger.warn('splitter platform id is not one the interface names; behaviour not shown', {
        method,
        platformId: id,
      });
    }
  }

  async function call(method: SplitterMethod, body: unknown, readOnly: boolean): Promise<RawResponse> {
    try {
      return await sender.post(method, body, readOnly);
    } catch (err) {
      logger.warn('splitter call failed', { method, error: err });
      throw err;
    }
  }

  function fail(method: SplitterMethod, res: RawResponse): never {
    const error = toApiError(method, res, sender.redact);
    logger.warn('splitter refused the call', { method, status: error.status, kind: error.kind });
    throw error;
  }

  return {
    async getFeaturesByTag(req) {
      const valid = validate('getFeaturesByTag', GetFeaturesByTagRequest, req);
      warnUnknownPlatforms('getFeaturesByTag', [valid.platform]);
      const res = await call('getFeaturesByTag', valid, true);
      if (!isSuccess(res.status)) fail('getFeaturesByTag', res);
      refuseTruncated('getFeaturesByTag', res, sender.redact);
      return readFeatures(res, sender.redact);
    },

    // Never retried (see SPLITTER_RETRY): a repeat could count a participant twice.
    async exposeManyV2(req) {
      const valid = validate('exposeManyV2', ExposeManyV2Request, req);
      warnUnknownPlatforms(
        'exposeManyV2',
        valid.exposures.map((e) => e.platform),
      );
      const res = await call('exposeManyV2', valid, false);
      if (!isSuccess(res.status)) fail('exposeManyV2', res);
      refuseTruncated('exposeManyV2', res, sender.redact);
      checkExposeAnswer(res, sender.redact);
    },
  };
}

function validate<S extends z.ZodType>(method: SplitterMethod, schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(request)'}: ${i.message}`)
    .join('; ');
  throw new SplitterRequestError(`Invalid ${method} request: ${detail}`, {
    method,
    issues: parsed.error.issues,
  });
}
