import type { IncomingMessage } from 'node:http';

/** The body was larger than allowed; reading stopped there. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads a request body up to a byte limit, refusing early on a declared length past it. */
export async function readBoundedBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
