import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Test support only (excluded from the build): a real HTTP server on 127.0.0.1 that records every
// request and lets each test decide how to answer, including never answering or dropping the
// connection. Shared by the console and splitter client tests.

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Full control over the response. */
export type Responder = (req: RecordedRequest, res: ServerResponse) => void;

type Reply =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Accept the request and never answer. */
  | 'hang'
  /** Destroy the socket once the request has arrived. */
  | 'reset';

/** A declarative answer, for the common cases. */
export type Handler = (req: RecordedRequest) => Reply;

export interface RecordingServer {
  baseUrl: string;
  requests: RecordedRequest[];
  respondWith(responder: Responder): void;
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export const okJson: Handler = () => ({
  status: 200,
  body: '{"ok":true}',
  headers: { 'content-type': 'application/json' },
});

export function replyWith(handler: Handler): Responder {
  return (recorded, res) => {
    const reply = handler(recorded);
    if (reply === 'hang') return;
    if (reply === 'reset') {
      res.socket?.destroy();
      return;
    }
    res.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain; charset=utf-8' });
    res.end(reply.body ?? '');
  };
}

export async function startRecordingServer(
  responder: Responder = replyWith(okJson),
): Promise<RecordingServer> {
  let respond = responder;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      respond(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (next) => {
      respond = next;
    },
    setHandler: (handler) => {
      respond = replyWith(handler);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A port nothing listens on: bound once by us, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
