import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { createLogger, type Logger } from '../observability/logger.js';
import { SplitterConnectionError, type SplitterMethod, SplitterRequestError } from './errors.js';
import { checkExposeAnswer, isSuccess, readFeatures, toApiError } from './responses.js';
import {
  ExposeManyV2Request,
  type Feature,
  GetFeaturesByTagRequest,
  KNOWN_PLATFORMS,
  type PlatformRef,
} from './schemas.js';
import { createTransport, type RawResponse } from './transport.js';

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
  logger?: Logger;
}

export interface SplitterClient {
  getFeaturesByTag(req: GetFeaturesByTagRequest): Promise<Feature[]>;
  exposeManyV2(req: ExposeManyV2Request): Promise<void>;
}

// A read is safe to repeat; these statuses are what proxies answer while the splitter restarts.
const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const RETRY_DELAY_MS = 100;

export function createSplitterClient(opts: SplitterClientOptions): SplitterClient {
  const transport = createTransport({
    baseUrl: opts.baseUrl,
    token: opts.token,
    source: opts.source,
    trailingSlash: opts.trailingSlash ?? false,
    dispatcher: opts.dispatcher,
    connectMs: opts.timeouts?.connectMs ?? 3000,
    headersMs: opts.timeouts?.headersMs ?? 5000,
    bodyMs: opts.timeouts?.bodyMs ?? 5000,
  });
  const logger = (opts.logger ?? createLogger({ write: () => {} })).child({ component: 'splitter' });
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

  async function call(method: SplitterMethod, body: unknown, changesState: boolean): Promise<RawResponse> {
    for (let attempt = 1; ; attempt++) {
      const canRetry = !changesState && attempt === 1;
      try {
        const res = await transport.post(method, body, changesState);
        logger.debug('splitter answered', { method, status: res.status, attempt });
        if (!canRetry || !RETRYABLE_STATUSES.has(res.status)) return res;
        logger.warn('splitter unavailable, retrying once', { method, status: res.status });
      } catch (err) {
        if (!canRetry || !(err instanceof SplitterConnectionError)) {
          logger.warn('splitter call failed', { method, error: err });
          throw err;
        }
        logger.warn('splitter connection failed, retrying once', { method, code: err.code });
      }
      await sleep(RETRY_DELAY_MS);
    }
  }

  function fail(method: SplitterMethod, res: RawResponse): never {
    const error = toApiError(method, res, transport.redact);
    logger.warn('splitter refused the call', { method, status: error.status, kind: error.kind });
    throw error;
  }

  return {
    async getFeaturesByTag(req) {
      const valid = validate('getFeaturesByTag', GetFeaturesByTagRequest, req);
      warnUnknownPlatforms('getFeaturesByTag', [valid.platform]);
      const res = await call('getFeaturesByTag', valid, false);
      if (!isSuccess(res.status)) fail('getFeaturesByTag', res);
      return readFeatures(res, transport.redact);
    },

    // Never retried: every registered exposure counts in the experiment's statistics, and a
    // repeat after an unknown outcome could count a participant twice.
    async exposeManyV2(req) {
      const valid = validate('exposeManyV2', ExposeManyV2Request, req);
      warnUnknownPlatforms(
        'exposeManyV2',
        valid.exposures.map((e) => e.platform),
      );
      const res = await call('exposeManyV2', valid, true);
      if (!isSuccess(res.status)) fail('exposeManyV2', res);
      checkExposeAnswer(res, transport.redact);
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
