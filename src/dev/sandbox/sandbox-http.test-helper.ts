// Test support only: raw HTTP calls to a running sandbox with undici `request` (deliberately not the
// app's console client, so the sandbox is checked against the interface on its own).
import { request } from 'undici';

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`; omit for no header. */
  token?: string;
  /** Serialised as JSON. */
  body?: unknown;
  /** Sent as is, instead of body. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(url: string, method: string, options: CallOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await request(url, { method: method as 'GET', headers, body, headersTimeout: 10_000 });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    headers: res.headers,
    text,
    json: () => JSON.parse(text) as unknown,
  };
}
