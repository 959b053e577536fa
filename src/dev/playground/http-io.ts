import type { IncomingMessage, ServerResponse } from 'node:http';

/** A playground API request that cannot be served; `code` is what the page shows and tests match. */
export class PlaygroundRequestError extends Error {
  override readonly name = 'PlaygroundRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: readonly string[] = [],
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 1_000_000;

/**
 * Reads a JSON body. Requiring application/json makes every cross-site POST a CORS preflight, which
 * this server never approves, so another web page cannot drive the app through the playground.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new PlaygroundRequestError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new PlaygroundRequestError(413, 'body_too_large', 'The body is too large.');
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new PlaygroundRequestError(400, 'invalid_json', 'The body is not valid JSON.');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function sendError(res: ServerResponse, error: PlaygroundRequestError): void {
  sendJson(res, error.status, {
    ok: false,
    error: error.code,
    message: error.message,
    ...(error.issues.length > 0 ? { issues: error.issues } : {}),
  });
}
