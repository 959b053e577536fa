import type { Dispatcher } from 'undici';
import { createPlatformAgent } from '../http/agent.js';
import { createRequestCore } from '../http/request-core.js';
import type { ObserveRequest } from '../http/request-sample.js';
import type { RetryPolicy } from '../http/retry-policy.js';
import { TransportError } from '../http/transport-error.js';
import type { Logger } from '../observability/logger.js';
import { redactSecrets } from '../observability/redact.js';
import { SplitterConnectionError, type SplitterMethod, SplitterTimeoutError } from './errors.js';

// The splitter's side of the shared request core: URL and headers of `POST {splitter_url}/<method>`,
// and the core's network failures turned into the splitter's error classes.

/** A participant's features for one tag are a few hundred bytes; a megabyte is not a splitter answer. */
const SUCCESS_READ_BYTES = 1024 * 1024;
/** Error bodies are only read this far: `{ error: { kind, message } }` is short. */
const ERROR_READ_BYTES = 64 * 1024;

export interface SplitterSenderOptions {
  baseUrl: string;
  token: string | undefined;
  source: string | undefined;
  trailingSlash: boolean;
  dispatcher: Dispatcher | undefined;
  connectMs: number;
  headersMs: number;
  bodyMs: number;
  retry: RetryPolicy;
  logger: Logger;
  observe: ObserveRequest | undefined;
}

export interface RawResponse {
  status: number;
  /** Raw body text, not redacted: anything kept from it goes through `redact` first. */
  text: string;
  /** Longer than the read limit: `text` is its beginning only. */
  truncated: boolean;
}

export interface SplitterSender {
  /** `readOnly`: the method changes nothing, so it may be retried and a lost answer is no doubt. */
  post(method: SplitterMethod, body: unknown, readOnly: boolean): Promise<RawResponse>;
  redact(text: string): string;
}

function splitterTransportError(method: SplitterMethod, failure: TransportError) {
  const { outcomeUnknown, cause } = failure;
  if (failure.kind === 'timeout' && failure.phase !== undefined) {
    return new SplitterTimeoutError(`Splitter ${method} timed out (${failure.phase}): ${failure.detail}`, {
      method,
      phase: failure.phase,
      outcomeUnknown,
      cause,
    });
  }
  return new SplitterConnectionError(
    `Splitter ${method} could not be reached: ${failure.code ?? failure.detail}`,
    {
      method,
      code: failure.code,
      outcomeUnknown,
      cause,
    },
  );
}

export function createSplitterSender(opts: SplitterSenderOptions): SplitterSender {
  const base = new URL(opts.baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new TypeError('Splitter baseUrl must be an http(s) URL');
  }
  const root = opts.baseUrl.replace(/\/+$/, '');
  const secrets = opts.token === undefined ? [] : [opts.token];
  const redact = (text: string) => redactSecrets(text, secrets);
  const core = createRequestCore({
    client: 'splitter',
    // An injected dispatcher keeps its own connect timeout; only the one built here can carry ours.
    dispatcher: opts.dispatcher ?? createPlatformAgent({ connectTimeoutMs: opts.connectMs }),
    timeouts: { headersMs: opts.headersMs, bodyMs: opts.bodyMs },
    limits: { successBytes: SUCCESS_READ_BYTES, errorBytes: ERROR_READ_BYTES },
    retry: opts.retry,
    secrets,
    logger: opts.logger,
    observe: opts.observe,
  });

  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  // Splitter authentication is not shown by the interface: a bearer token is sent only if configured.
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  // The interface's example request carries X-Source; whether it is required is not shown, so it is
  // sent only when configured.
  if (opts.source !== undefined) headers['x-source'] = opts.source;

  async function post(method: SplitterMethod, body: unknown, readOnly: boolean): Promise<RawResponse> {
    const path = `/${method}${opts.trailingSlash ? '/' : ''}`;
    try {
      const res = await core.send({
        method: 'POST',
        url: `${root}${path}`,
        path,
        endpoint: method,
        headers,
        body: JSON.stringify(body),
        readOnly,
      });
      return { status: res.status, text: res.text, truncated: res.truncated };
    } catch (err) {
      throw err instanceof TransportError ? splitterTransportError(method, err) : err;
    }
  }

  return { post, redact };
}
