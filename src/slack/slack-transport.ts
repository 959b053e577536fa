import { STATUS_CODES } from 'node:http';
import { Agent, type Dispatcher, request } from 'undici';
import type { FetchLike } from '../observability/slack-api-calls.js';

/**
 * Slack's Web API answers and response_url posts are small JSON bodies read whole, so the response
 * is held as bytes rather than as a web stream. The Web API client reads it with text() (or
 * arrayBuffer() for gzip files), Bolt's respond() only looks at ok and status, and the metrics
 * observer clone()s it: those are answered from the bytes, never through a stream. `body` is a
 * stream made on demand for anyone else. Unlike a fetch Response the body may be read more than
 * once.
 */
export class BufferedResponse extends Response {
  readonly #bytes: Uint8Array;
  readonly #init: ResponseInit;

  constructor(bytes: Uint8Array, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
    this.#init = init;
    // Response declares `body` as a property, so it is replaced on the instance, not overridden.
    Object.defineProperty(this, 'body', {
      get: () =>
        new ReadableStream<Uint8Array>({
          start: (controller) => {
            controller.enqueue(bytes.slice());
            controller.close();
          },
        }),
    });
  }

  // The DOM types declare these as properties, so they are overridden as properties.
  override readonly text = async (): Promise<string> =>
    Buffer.from(this.#bytes.buffer, this.#bytes.byteOffset, this.#bytes.byteLength).toString('utf8');

  override readonly json = async (): Promise<unknown> => JSON.parse(await this.text());

  override readonly arrayBuffer = async (): Promise<ArrayBuffer> => this.#bytes.slice().buffer as ArrayBuffer;

  override readonly blob = async (): Promise<Blob> =>
    new Blob([this.#bytes.slice()], { type: this.headers.get('content-type') ?? '' });

  override readonly clone = (): BufferedResponse => new BufferedResponse(this.#bytes, this.#init);
}

export interface SlackTransportOptions {
  /** Where requests go; the composition root gives one agent and closes it on shutdown. */
  dispatcher: Dispatcher;
  /** For bodies undici's request() does not take as they are (the SDK's multipart file uploads). */
  fallback?: FetchLike;
}

/**
 * The fetch every Slack call goes through, on undici's request() instead of fetch(): fetch() with
 * the observer's clone() costs several times the CPU per call, and an `/exp start` makes three or
 * four Slack calls.
 *
 * Kept from fetch: the caller's AbortSignal (the SDK's per-call timeout rejects with its
 * TimeoutError), method, headers and string bodies. Not followed: redirects (the SDK asks fetch to
 * treat one as an error; here the 3xx comes back and the SDK refuses any status but 200, Bolt's
 * respond() any that is not ok).
 */
export function createSlackTransport(options: SlackTransportOptions): FetchLike {
  const fallback = options.fallback ?? globalThis.fetch;
  return async (url, init) => {
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') return fallback(url, init);
    const response = await request(url, {
      method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: headersOf(init?.headers),
      body: body ?? undefined,
      signal: init?.signal ?? undefined,
      dispatcher: options.dispatcher,
    });
    const bytes = new Uint8Array(await response.body.arrayBuffer());
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    // A body is not allowed with these statuses; Slack sends none with them.
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new BufferedResponse(empty ? new Uint8Array() : bytes, {
      status: response.statusCode,
      statusText: STATUS_CODES[response.statusCode] ?? '',
      headers,
    });
  };
}

function headersOf(init: RequestInit['headers']): Record<string, string | string[]> | undefined {
  if (init === undefined) return undefined;
  if (init instanceof Headers || Array.isArray(init)) return Object.fromEntries(new Headers(init).entries());
  return init as Record<string, string | string[]>;
}

/** Keep-alive sockets to Slack, with the timeouts fetch() lacks (respond() sets none of its own). */
export function createSlackAgent(): Agent {
  return new Agent({
    connect: { timeout: 5_000 },
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
    connections: 64,
  });
}
