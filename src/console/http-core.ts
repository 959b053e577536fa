import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, request } from 'undici';
import type { Logger } from '../observability/logger.js';
import { redactSecrets } from '../observability/redact.js';
import { type ConsoleError, UnexpectedResponseError, ValidationError } from './errors.js';
import { keepBody, parseErrorResponse } from './parse-error.js';
import { parseRetryAfterMs, type RetryPolicy, retryDelayMs } from './retry-policy.js';
import { transportError } from './transport-error.js';
import type { ConsoleConnection } from './types.js';

/** Error bodies are only read this far: the platform's sentence is short, the rest is noise. */
const ERROR_READ_BYTES = 64 * 1024;
/** Dictionaries are the largest answers; anything beyond this is not a console response. */
const SUCCESS_READ_BYTES = 16 * 1024 * 1024;

export interface ConsoleRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /** Relative to `{base_url}/api/console`, starting with '/'. */
  path: string;
  /** JSON-serialisable payload; undefined sends no body at all. */
  body?: unknown;
  /** The path names one experiment, so a bare 404 means that experiment is missing. */
  experimentScoped: boolean;
}

export interface ConsoleResponse {
  status: number;
  /** Raw 2xx body: returned data is not redacted, errors built from it must use keepBody. */
  text: string;
}

export interface HttpCoreOptions {
  connection: ConsoleConnection;
  dispatcher: Dispatcher;
  timeouts: { headersMs: number; bodyMs: number };
  retry: RetryPolicy;
  logger: Logger | undefined;
  onValidationError: ((error: ValidationError) => void | Promise<void>) | undefined;
}

export interface HttpCore {
  send(req: ConsoleRequest): Promise<ConsoleResponse>;
  /** An UnexpectedResponseError for a 2xx answer, its body redacted and truncated. */
  unexpected(req: ConsoleRequest, res: ConsoleResponse, why: string): UnexpectedResponseError;
}

type Attempt = { ok: true; res: ConsoleResponse } | { ok: false; error: ConsoleError; retryAfterMs?: number };

async function readCapped(body: Dispatcher.ResponseData['body'], limit: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    chunks.push(buf);
    size += buf.length;
    if (size > limit) {
      body.destroy();
      return { text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), truncated: true };
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

export function createHttpCore(opts: HttpCoreOptions): HttpCore {
  const { connection, dispatcher, timeouts, retry, logger } = opts;
  const token = connection.token === '' ? undefined : connection.token;
  const base = `${connection.baseUrl.replace(/\/+$/, '')}/api/console`;
  const ctxFor = (req: ConsoleRequest) => ({
    method: req.method,
    path: req.path,
    token,
    headersTimeoutMs: timeouts.headersMs,
    bodyTimeoutMs: timeouts.bodyMs,
  });

  const unexpected = (req: ConsoleRequest, res: ConsoleResponse, why: string) =>
    new UnexpectedResponseError(`Console API ${req.method} ${req.path} answered ${res.status}: ${why}`, {
      status: res.status,
      body: keepBody(res.text, token),
      method: req.method,
      path: req.path,
    });

  async function attempt(req: ConsoleRequest, attemptNo: number): Promise<Attempt> {
    const headers: Record<string, string> = { accept: 'application/json' };
    // No token means "not connected": the platform answers 401, which is how we want it to look.
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const hasBody = req.body !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';
    const started = performance.now();
    const log = (status: number | undefined, extra: Record<string, unknown> = {}) =>
      logger?.debug('console request', {
        method: req.method,
        path: req.path,
        status,
        durationMs: Math.round(performance.now() - started),
        attempt: attemptNo,
        ...extra,
      });

    let response: Dispatcher.ResponseData;
    try {
      response = await request(`${base}${req.path}`, {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
        dispatcher,
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      });
    } catch (err) {
      const error = transportError(err, ctxFor(req));
      log(undefined, { error: error.kind });
      return { ok: false, error };
    }
    const status = response.statusCode;
    const success = status >= 200 && status < 300;
    let read: { text: string; truncated: boolean };
    try {
      read = await readCapped(response.body, success ? SUCCESS_READ_BYTES : ERROR_READ_BYTES);
    } catch (err) {
      response.body.destroy();
      const error = transportError(err, ctxFor(req));
      log(status, { error: error.kind });
      return { ok: false, error };
    }
    log(status);
    if (success) {
      const res = { status, text: read.text };
      if (read.truncated) return { ok: false, error: unexpected(req, res, 'response too large') };
      return { ok: true, res };
    }
    const error = parseErrorResponse({
      status,
      // Redacted in full, truncated by the parser: a 4 KB cut could split a JSON body it must read.
      text: redactSecrets(read.text, token === undefined ? [] : [token]),
      method: req.method,
      path: req.path,
      experimentScoped: req.experimentScoped,
    });
    const retryAfter = response.headers['retry-after'];
    const retryAfterMs = parseRetryAfterMs(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    return { ok: false, error, retryAfterMs };
  }

  async function send(req: ConsoleRequest): Promise<ConsoleResponse> {
    // Only GETs are retried: a lifecycle POST or PATCH that failed mid-flight may have been applied.
    const attempts = req.method === 'GET' ? retry.attempts : 1;
    for (let i = 0; ; i++) {
      const result = await attempt(req, i + 1);
      if (result.ok) return result.res;
      const delay = retryDelayMs(result.error, i, { ...retry, attempts }, result.retryAfterMs);
      if (delay === undefined) {
        if (result.error instanceof ValidationError) await notifyValidation(result.error);
        throw result.error;
      }
      await sleep(delay);
    }
  }

  async function notifyValidation(error: ValidationError): Promise<void> {
    if (!opts.onValidationError) return;
    try {
      await opts.onValidationError(error);
    } catch (hookError) {
      // The caller needs the ValidationError; a failing cache drop is only worth a warning.
      const message = hookError instanceof Error ? hookError.message : String(hookError);
      logger?.warn('onValidationError hook failed', {
        error: redactSecrets(message, token === undefined ? [] : [token]),
      });
    }
  }

  return { send, unexpected };
}
