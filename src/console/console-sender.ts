import type { Dispatcher } from 'undici';
import { createRequestCore } from '../http/request-core.js';
import type { ObserveRequest } from '../http/request-sample.js';
import type { RetryPolicy } from '../http/retry-policy.js';
import { TransportError } from '../http/transport-error.js';
import type { Logger } from '../observability/logger.js';
import { redactSecrets } from '../observability/redact.js';
import {
  ConnectionError,
  type ConsoleError,
  ConsoleTimeoutError,
  UnexpectedResponseError,
  ValidationError,
} from './errors.js';
import { keepBody, parseErrorResponse, type SentAction } from './parse-error.js';
import type { ConsoleConnection } from './types.js';

// The console's side of the shared request core: URL and headers of `{base_url}/api/console`, and
// what its answers mean (parse-error.ts maps statuses to error classes).

/** Error bodies are only read this far: the platform's sentence is short, the rest is noise. */
const ERROR_READ_BYTES = 64 * 1024;
/** Dictionaries are the largest answers; anything beyond this is not a console response. */
const SUCCESS_READ_BYTES = 16 * 1024 * 1024;

export interface ConsoleRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /** Relative to `{base_url}/api/console`, starting with '/'. */
  path: string;
  /** `path` with its ids as placeholders, for metrics. */
  endpoint: string;
  /** JSON-serialisable payload; undefined sends no body at all. */
  body?: unknown;
  /** The path names one experiment, so a bare 404 means that experiment is missing. */
  experimentScoped: boolean;
  /** A lifecycle action: what a 400 status conflict must name to be one. */
  lifecycle?: SentAction;
}

interface ConsoleResponse {
  status: number;
  /** Raw 2xx body: returned data is not redacted, errors built from it must use keepBody. */
  text: string;
}

export interface ConsoleSenderOptions {
  connection: ConsoleConnection;
  dispatcher: Dispatcher;
  timeouts: { headersMs: number; bodyMs: number };
  retry: RetryPolicy;
  logger: Logger | undefined;
  observe: ObserveRequest | undefined;
  onValidationError: ((error: ValidationError) => void | Promise<void>) | undefined;
}

export interface ConsoleSender {
  send(req: ConsoleRequest): Promise<ConsoleResponse>;
  /** An UnexpectedResponseError for a 2xx answer, its body redacted and truncated. */
  unexpected(req: ConsoleRequest, res: ConsoleResponse, why: string): UnexpectedResponseError;
}

/** A network failure in the console's own classes (their fields are what the bot reports from). */
function consoleTransportError(failure: TransportError): ConsoleError {
  const { method, path, outcomeUnknown, cause } = failure;
  const tail = outcomeUnknown ? '; the outcome is unknown' : '';
  // A connect timeout means nothing was sent: to the user that is "could not reach", not "slow".
  if (failure.kind === 'timeout' && failure.phase !== 'connect') {
    const what =
      failure.phase === 'headers'
        ? `no response within ${failure.timeoutMs} ms`
        : `response body stalled for ${failure.timeoutMs} ms`;
    return new ConsoleTimeoutError(`Console API ${method} ${path}: ${what}${tail}`, {
      method,
      path,
      cause,
      outcomeUnknown,
    });
  }
  const reason = failure.neverSent ? 'could not reach the platform' : 'connection failed';
  return new ConnectionError(
    `Console API ${method} ${path}: ${reason} (${failure.code ?? 'unknown error'})${tail}`,
    { method, path, cause, outcomeUnknown },
  );
}

export function createConsoleSender(opts: ConsoleSenderOptions): ConsoleSender {
  const { connection, logger } = opts;
  const token = connection.token === '' ? undefined : connection.token;
  const secrets = token === undefined ? [] : [token];
  const base = `${connection.baseUrl.replace(/\/+$/, '')}/api/console`;
  const core = createRequestCore({
    client: 'console',
    dispatcher: opts.dispatcher,
    timeouts: opts.timeouts,
    limits: { successBytes: SUCCESS_READ_BYTES, errorBytes: ERROR_READ_BYTES },
    retry: opts.retry,
    secrets,
    logger,
    observe: opts.observe,
  });

  const unexpected = (req: ConsoleRequest, res: ConsoleResponse, why: string) =>
    new UnexpectedResponseError(`Console API ${req.method} ${req.path} answered ${res.status}: ${why}`, {
      status: res.status,
      body: keepBody(res.text, token),
      method: req.method,
      path: req.path,
    });

  async function notifyValidation(error: ValidationError): Promise<void> {
    if (!opts.onValidationError) return;
    try {
      await opts.onValidationError(error);
    } catch (hookError) {
      // The caller needs the ValidationError; a failing cache drop is only worth a warning.
      const message = hookError instanceof Error ? hookError.message : String(hookError);
      logger?.warn('onValidationError hook failed', { error: redactSecrets(message, secrets) });
    }
  }

  async function send(req: ConsoleRequest): Promise<ConsoleResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    // No token means "not connected": the platform answers 401, which is how we want it to look.
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const hasBody = req.body !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';
    let res: Awaited<ReturnType<typeof core.send>>;
    try {
      res = await core.send({
        method: req.method,
        url: `${base}${req.path}`,
        path: req.path,
        endpoint: req.endpoint,
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
      });
    } catch (err) {
      throw err instanceof TransportError ? consoleTransportError(err) : err;
    }
    const { status } = res;
    if (status >= 200 && status < 300) {
      const ok = { status, text: res.text };
      if (res.truncated) throw unexpected(req, ok, 'response too large');
      return ok;
    }
    const error = parseErrorResponse({
      status,
      // Redacted in full, truncated by the parser: a 4 KB cut could split a JSON body it must read.
      text: redactSecrets(res.text, secrets),
      method: req.method,
      path: req.path,
      experimentScoped: req.experimentScoped,
      lifecycle: req.lifecycle,
    });
    if (error instanceof ValidationError) await notifyValidation(error);
    throw error;
  }

  return { send, unexpected };
}
