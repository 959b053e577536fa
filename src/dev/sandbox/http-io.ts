import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { JSON_CONTENT_TYPE, TEXT_CONTENT_TYPE } from './model/error-bodies.js';

/** What a route decides; the server writes it (after any injected latency). */
export interface SandboxReply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/** A request with its body already read (bodies are small: larger ones never reach a route). */
export interface SandboxRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  url: URL;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): SandboxReply => ({
  status,
  headers: { 'content-type': JSON_CONTENT_TYPE, ...headers },
  body: JSON.stringify(value),
});

export const text = (status: number, body: string): SandboxReply => ({
  status,
  headers: { 'content-type': TEXT_CONTENT_TYPE },
  body,
});

export const empty = (status: number): SandboxReply => ({ status, body: '' });

export type ReadBodyResult = { ok: true; body: string } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * Reads the body up to `limit` bytes. A larger body is drained and discarded (so the client gets
 * to read our 413) until `discardLimit`, past which the socket is destroyed.
 */
export function readBody(req: IncomingMessage, limit: number, discardLimit: number): Promise<ReadBodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > discardLimit) {
        req.destroy();
        return;
      }
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(
        tooLarge
          ? { ok: false, reason: 'too_large' }
          : { ok: true, body: Buffer.concat(chunks).toString('utf8') },
      ),
    );
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ ok: false, reason: tooLarge ? 'too_large' : 'aborted' });
    });
  });
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string };

/** Empty (or whitespace-only) body → undefined; otherwise it must be JSON. */
export function parseJson(raw: string): JsonParse {
  if (raw.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch (err) {
    return { ok: false, message: `malformed JSON body: ${(err as Error).message}` };
  }
}

export function writeReply(res: ServerResponse, reply: SandboxReply): void {
  if (res.writableEnded || res.destroyed) return;
  const body = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
  res.end(body);
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
