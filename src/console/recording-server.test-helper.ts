// Test support only: a real HTTP server on 127.0.0.1 that records every request it receives.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Accept the request and never answer. */
  | 'hang'
  /** Destroy the socket once the request has arrived. */
  | 'reset';

export type Handler = (req: RecordedRequest) => Reply;

export interface RecordingServer {
  baseUrl: string;
  requests: RecordedRequest[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export const okJson: Handler = () => ({
  status: 200,
  body: '{"ok":true}',
  headers: { 'content-type': 'application/json' },
});

export async function startRecordingServer(initial: Handler = okJson): Promise<RecordingServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const reply = handler(recorded);
      if (reply === 'hang') return;
      if (reply === 'reset') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain; charset=utf-8' });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setHandler: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
