/**
 * Typed client for the console API (`{base_url}/api/console`), on the shared request core
 * (src/http/request-core.ts), which owns timeouts, retries, body limits and redaction.
 *
 * Timeout and retry policy, and why:
 * - Every request sets undici's headersTimeout and bodyTimeout (10 s each by default). undici's own
 *   default is 300 s, far beyond the time a Slack user waits for a reply.
 * - Only GETs (dictionaries) are retried: on network failures, timeouts, 429/502/503/504 (waiting
 *   what Retry-After asks, up to a cap), with exponential backoff and full jitter so many workspaces
 *   do not retry in step, and never past `retry.deadlineMs` when given. Reads change nothing, so
 *   repeating them is safe.
 * - POST and PATCH are never retried. Start/stop/archive/unarchive and create are not idempotent as
 *   far as the interface says (create has no idempotency key), and a request that timed out or lost
 *   its connection may already have been applied. Those failures carry outcomeUnknown: true so the bot
 *   says "unknown" instead of guessing; only failures before sending (refused, DNS, connect timeout)
 *   carry outcomeUnknown: false.
 * - Input is validated before any network call (InvalidRequestError), so bad ids never reach the platform.
 */
import type { Dispatcher } from 'undici';
import type * as z from 'zod';
import type { LifecycleAction } from '../core/lifecycle-action.js';
import type { ObserveRequest } from '../http/request-sample.js';
import { normaliseRetry, type RetryOptions } from '../http/retry-policy.js';
import type { Logger } from '../observability/logger.js';
import { createConsoleAgent } from './agent.js';
import { type ConsoleRequest, createConsoleSender } from './console-sender.js';
import { InvalidRequestError, type ValidationError } from './errors.js';
import {
  ConsoleExperimentContextPredicatesRequest,
  ConsoleStopExperimentRequest,
  ExperimentId,
  LifecycleResponse,
} from './schemas.js';
import {
  type ConsoleApi,
  type ConsoleConnection,
  DICTIONARY_NAMES,
  type DictionaryName,
  type LifecycleResult,
} from './types.js';

export interface ConsoleClientOptions {
  connection: ConsoleConnection;
  /** Pass one shared agent (createConsoleAgent) from the composition root; tests pass a MockAgent. */
  dispatcher?: Dispatcher;
  timeouts?: { headersMs?: number; bodyMs?: number };
  /** Applies to GETs only. deadlineMs bounds a call with all its retries (the caller's budget). */
  retry?: Omit<RetryOptions, 'retryTimeouts'>;
  logger?: Logger;
  /** One sample per call (all retries together), for metrics. */
  observe?: ObserveRequest;
  /** Called on every validation 400 (drop the dictionary cache); its failure never hides the error. */
  onValidationError?: (error: ValidationError) => void | Promise<void>;
}

const LIFECYCLE_ACTIONS: readonly LifecycleAction[] = ['start', 'stop', 'archive', 'unarchive'];
const DEFAULT_TIMEOUT_MS = 10_000;

function positiveMs(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : DEFAULT_TIMEOUT_MS;
}

function invalid(method: string, path: string, issues: string[]): InvalidRequestError {
  return new InvalidRequestError(`Invalid console request ${method} ${path}: ${issues.join('; ')}`, {
    method,
    path,
    issues,
  });
}

function check<S extends z.ZodType>(schema: S, value: unknown, what: string, method: string, path: string) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.output<S>;
  throw invalid(
    method,
    path,
    parsed.error.issues.map((i) => `${what}${i.path.length ? `.${i.path.join('.')}` : ''}: ${i.message}`),
  );
}

/** Create/update payloads are not shown by the interface: require a plain JSON object, nothing more. */
function checkJsonObject(value: unknown, method: string, path: string): Record<string, unknown> {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null)
    throw invalid(method, path, ['body must be a JSON object']);
  try {
    JSON.stringify(value);
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'not serialisable';
    throw invalid(method, path, [`body is not JSON-serialisable: ${reason}`]);
  }
  return value as Record<string, unknown>;
}

/** The path of one experiment, with its template (the endpoint metrics see). */
function experimentPath(id: unknown, method: string, suffix: string) {
  const endpoint = `/experiments/v1/{id}${suffix}`;
  const valid = check(ExperimentId, id, 'id', method, endpoint);
  return { path: `/experiments/v1/${valid}${suffix}`, endpoint };
}

function lifecycleRequest(action: LifecycleAction, id: number, body?: ConsoleStopExperimentRequest) {
  if (!LIFECYCLE_ACTIONS.includes(action)) {
    throw invalid('POST', '/experiments/v1/{id}/{action}', [`unknown action ${JSON.stringify(action)}`]);
  }
  const { path, endpoint } = experimentPath(id, 'POST', `/${action}`);
  if (body !== undefined && action !== 'stop') throw invalid('POST', path, [`${action} takes no body`]);
  const payload =
    body === undefined ? undefined : check(ConsoleStopExperimentRequest, body, 'body', 'POST', path);
  return {
    method: 'POST',
    path,
    endpoint,
    body: payload,
    experimentScoped: true,
    lifecycle: { action, experimentId: id },
  } as const;
}

function dictionaryRequest(name: DictionaryName, body?: ConsoleExperimentContextPredicatesRequest) {
  if (!DICTIONARY_NAMES.includes(name)) {
    throw invalid('GET', '/experiments/v1/dictionaries/{name}', [
      `unknown dictionary ${JSON.stringify(name)}`,
    ]);
  }
  const path = `/experiments/v1/dictionaries/${name}`;
  if (body !== undefined && name !== 'context-param-predicates') {
    throw invalid('GET', path, [`${name} takes no body`]);
  }
  const payload =
    body === undefined
      ? undefined
      : check(ConsoleExperimentContextPredicatesRequest, body, 'body', 'GET', path);
  // Metrics see the route, not the name, like an id in any other path.
  const endpoint = '/experiments/v1/dictionaries/{name}';
  return { method: 'GET', path, endpoint, body: payload, experimentScoped: false } as const;
}

export function createConsoleClient(options: ConsoleClientOptions): ConsoleApi {
  const core = createConsoleSender({
    connection: options.connection,
    // Fallback for one-off scripts; long-running code should share one agent across clients.
    dispatcher: options.dispatcher ?? createConsoleAgent(),
    timeouts: {
      headersMs: positiveMs(options.timeouts?.headersMs),
      bodyMs: positiveMs(options.timeouts?.bodyMs),
    },
    // A dictionary read that timed out is worth one more try: its answer is cached for an hour.
    retry: normaliseRetry({ ...options.retry, retryTimeouts: true }),
    logger: options.logger,
    observe: options.observe,
    onValidationError: options.onValidationError,
  });

  // Create/update answers are "not shown": whatever JSON comes back is returned, empty means null.
  function parseOptionalJson(req: ConsoleRequest, res: { status: number; text: string }) {
    if (res.text.trim() === '') return null;
    try {
      return JSON.parse(res.text) as unknown;
    } catch {
      throw core.unexpected(req, res, 'body is not JSON');
    }
  }

  async function runAction(action: LifecycleAction, id: number, body?: ConsoleStopExperimentRequest) {
    const req = lifecycleRequest(action, id, body);
    const res = await core.send(req);
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      throw core.unexpected(req, res, 'body is not JSON');
    }
    if (!LifecycleResponse.safeParse(json).success) throw core.unexpected(req, res, 'expected {"ok": true}');
    return { ok: true } satisfies LifecycleResult;
  }

  return {
    async createExperiment(definition) {
      const path = '/experiments/v1';
      const body = checkJsonObject(definition, 'POST', path);
      const req = { method: 'POST', path, endpoint: path, body, experimentScoped: false } as const;
      return parseOptionalJson(req, await core.send(req));
    },
    async updateExperiment(id, changes) {
      const { path, endpoint } = experimentPath(id, 'PATCH', '');
      const body = checkJsonObject(changes, 'PATCH', path);
      const req = { method: 'PATCH', path, endpoint, body, experimentScoped: true } as const;
      return parseOptionalJson(req, await core.send(req));
    },
    // ASSUMPTION: the interface says GET methods exist for reading experiments ("read" right) but
    // does not show them; GET /experiments/v1/{id} is the conventional shape. Callers treat any
    // failure here as "cannot read the experiment" and carry on without its current values.
    async getExperiment(id) {
      const { path, endpoint } = experimentPath(id, 'GET', '');
      const req = { method: 'GET', path, endpoint, experimentScoped: true } as const;
      return parseOptionalJson(req, await core.send(req));
    },
    runAction,
    start: (id) => runAction('start', id),
    stop: (id, body) => runAction('stop', id, body),
    archive: (id) => runAction('archive', id),
    unarchive: (id) => runAction('unarchive', id),
    async getDictionary(name: DictionaryName, body?: ConsoleExperimentContextPredicatesRequest) {
      const req = dictionaryRequest(name, body);
      const res = await core.send(req);
      // Response schemas are "not shown" (but for context-param-predicates): return the JSON as sent.
      try {
        if (res.text.trim() === '') throw new Error('empty');
        return JSON.parse(res.text) as unknown;
      } catch {
        throw core.unexpected(req, res, 'body is not JSON');
      }
    },
  };
}
