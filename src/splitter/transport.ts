import { Agent, type Dispatcher, request } from 'undici';
import { redactSecrets } from '../observability/redact.js';
import {
  SplitterConnectionError,
  type SplitterMethod,
  SplitterTimeoutError,
  type TimeoutPhase,
} from './errors.js';

// One request core for both splitter methods: builds the URL and headers, always reads the body to
// the end (an unread body pins the socket), and turns undici failures into the splitter's errors.

export interface TransportOptions {
  baseUrl: string;
  token: string | undefined;
  source: string | undefined;
  trailingSlash: boolean;
  dispatcher: Dispatcher | undefined;
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

export interface RawResponse {
  status: number;
  text: string;
}

export interface Transport {
  post(method: SplitterMethod, body: unknown, changesState: boolean): Promise<RawResponse>;
  redact(text: string): string;
}

// Failures that happen before a single byte of the request can have reached the server.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const TIMEOUT_PHASES: Record<string, TimeoutPhase> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};

export function createTransport(opts: TransportOptions): Transport {
  const base = new URL(opts.baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new TypeError('Splitter baseUrl must be an http(s) URL');
  }
  const root = opts.baseUrl.replace(/\/+$/, '');
  // An injected dispatcher keeps its own connect timeout; only the one built here can carry ours.
  const dispatcher = opts.dispatcher ?? new Agent({ connect: { timeout: opts.connectMs } });
  const secrets = opts.token === undefined ? [] : [opts.token];
  const redact = (text: string) => redactSecrets(text, secrets);

  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  // Splitter authentication is not shown by the interface: a bearer token is sent only if configured.
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  // The interface's example request carries X-Source; whether it is required is not shown, so it is
  // sent only when configured.
  if (opts.source !== undefined) headers['x-source'] = opts.source;

  async function post(method: SplitterMethod, body: unknown, changesState: boolean): Promise<RawResponse> {
    const url = `${root}/${method}${opts.trailingSlash ? '/' : ''}`;
    try {
      const res = await request(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        dispatcher,
        headersTimeout: opts.headersMs,
        bodyTimeout: opts.bodyMs,
      });
      return { status: res.statusCode, text: await res.body.text() };
    } catch (err) {
      throw toTransportError(method, err, changesState, redact);
    }
  }

  return { post, redact };
}

function toTransportError(
  method: SplitterMethod,
  err: unknown,
  changesState: boolean,
  redact: (text: string) => string,
): SplitterTimeoutError | SplitterConnectionError {
  const code = findCode(err);
  const mayHaveBeenSent = code === undefined || !NOT_SENT_CODES.has(code);
  const outcomeUnknown = changesState && mayHaveBeenSent;
  const detail = redact(err instanceof Error ? err.message : String(err));
  const phase = code === undefined ? undefined : TIMEOUT_PHASES[code];
  if (phase !== undefined) {
    return new SplitterTimeoutError(`Splitter ${method} timed out (${phase}): ${detail}`, {
      method,
      phase,
      outcomeUnknown,
      cause: err,
    });
  }
  return new SplitterConnectionError(`Splitter ${method} could not be reached: ${code ?? detail}`, {
    method,
    code,
    outcomeUnknown,
    cause: err,
  });
}

// Node wraps failures of multi-address connects in AggregateError and undici sometimes nests the
// system error in `cause`, so the code is looked for one level down as well.
function findCode(err: unknown): string | undefined {
  const own = codeOf(err);
  if (own !== undefined) return own;
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const code = codeOf(inner);
      if (code !== undefined) return code;
    }
  }
  return err instanceof Error ? codeOf(err.cause) : undefined;
}

function codeOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('code' in value)) return undefined;
  return typeof value.code === 'string' ? value.code : undefined;
}
