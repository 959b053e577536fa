import type { Metrics } from './metrics.js';

/** The signature of the `fetch` option the Slack Web API client (and Bolt's clientOptions) accepts. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface SlackApiObserverOptions {
  metrics: Metrics;
  /** The Web API base URL (Slack's or the emulator's). Other URLs, such as response_url posts, pass unobserved. */
  apiUrl: string;
  /** The transport underneath; globalThis.fetch, as the SDK itself uses, unless a test gives another. */
  fetch?: FetchLike;
}

/**
 * A fetch for the Web API client's `fetch` option that counts and times every request by method and
 * outcome. The SDK (8.x) has no interceptor hook, but it sends every request of every client Bolt
 * builds (per-workspace clients, the OAuth installer's, Socket Mode's) through this one function, so
 * nothing has to wrap `apiCall` on clients the app never constructs itself. Retries are separate
 * requests and are counted as such.
 */
export function observeSlackApiCalls(options: SlackApiObserverOptions): FetchLike {
  const base = options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`;
  const fetchFn = options.fetch ?? globalThis.fetch;
  return async (url, init) => {
    const method = webApiMethod(String(url), base);
    if (method === undefined) return fetchFn(url, init);
    const started = performance.now();
    const record = (outcome: string) => {
      const labels = { method, outcome };
      options.metrics.inc('exp_slack_api_calls_total', labels);
      options.metrics.observe(
        'exp_slack_api_call_duration_seconds',
        labels,
        (performance.now() - started) / 1000,
      );
    };
    let response: Response;
    try {
      response = await fetchFn(url, init);
    } catch (error) {
      record(isTimeout(error) ? 'timeout' : 'network_error');
      throw error;
    }
    // Read before handing the response over, so the sample exists by the time the caller has its result.
    record(await outcomeOf(response));
    return response;
  };
}

function webApiMethod(url: string, base: string): string | undefined {
  if (!url.startsWith(base)) return undefined;
  const method = url.slice(base.length).split(/[?#]/)[0] ?? '';
  // Only names shaped like Slack methods become labels: anything else would make label values unbounded.
  return /^[a-zA-Z]+(\.[a-zA-Z]+)+$/.test(method) ? method : 'other';
}

async function outcomeOf(response: Response): Promise<string> {
  if (response.status === 429) return 'rate_limited';
  if (response.status !== 200) return 'http_error';
  // The SDK, too, takes a gzip body (file downloads) as a success without an `ok` field.
  if (response.headers.get('content-type') === 'application/gzip') return 'ok';
  let text: string;
  try {
    // A clone, because the SDK reads the original body itself.
    text = await response.clone().text();
  } catch (error) {
    return isTimeout(error) ? 'timeout' : 'network_error';
  }
  if (opensWithOk(text)) return 'ok';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'invalid_response';
  }
  if (typeof body !== 'object' || body === null || !('ok' in body)) return 'invalid_response';
  if (body.ok === true) return 'ok';
  const code = 'error' in body ? body.error : undefined;
  return typeof code === 'string' && /^[a-z0-9_]{1,64}$/.test(code) ? code : 'unknown_error';
}

/**
 * A body that opens with `{"ok":true` and closes with `}` is a success: the object's first member is
 * `ok`, and JSON has no other reading of that opening. Slack writes `ok` first in every answer it
 * documents; any other body (an error, whitespace, another order) is parsed whole as before. A
 * successful chat.postMessage or chat.update echoes the message with its blocks, several kB, which
 * the SDK parses anyway: this spares a second parse only for `ok`.
 */
function opensWithOk(text: string): boolean {
  const opening = '{"ok":true';
  const next = text.charCodeAt(opening.length);
  return text.startsWith(opening) && (next === 0x2c || next === 0x7d) && text.trimEnd().endsWith('}');
}

const timeoutCodes = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

/** The SDK aborts with AbortSignal.timeout (a TimeoutError); undici's own timeouts come as a cause's code. */
function isTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { name, code, cause } = current as { name?: unknown; code?: unknown; cause?: unknown };
    if (name === 'TimeoutError' || (typeof code === 'string' && timeoutCodes.has(code))) return true;
    current = cause;
  }
  return false;
}
