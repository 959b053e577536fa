import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// Test-only: a real HTTP proxy in front of the sandbox platform whose next responses can be
// scripted, one fault per matching request, to see what the app tells people when the network and
// the platform misbehave. "after" faults forward the request first, so the platform applies it.

type Fault =
  /** Never answers (the socket stays open). */
  | { kind: 'hang' }
  /** Forwards, then sends the headers and trickles the body, one byte per `everyMs`. */
  | { kind: 'slow-body'; everyMs: number }
  /** Closes the connection without an answer, before (the platform never saw it) or after forwarding. */
  | { kind: 'reset'; when: 'before' | 'after' }
  /** An HTTP status with a body, before or after forwarding (a gateway answering for the platform). */
  | { kind: 'status'; when: 'before' | 'after'; status: number; body: string; contentType: string }
  /** Forwards, then answers 200 with this body instead of the platform's. */
  | { kind: 'replace-body'; body: string; contentType: string }
  /** Forwards, then holds the platform's own answer until `until` settles (the test acts meanwhile). */
  | { kind: 'held'; until: Promise<void> };

export interface FaultProxy {
  url: string;
  /** The next request whose path includes `pathIncludes` (and method, if given) gets this fault. */
  inject(fault: Fault, match: { pathIncludes: string; method?: string }): void;
  /** Requests the proxy handed on to the platform, by method and path. */
  forwarded: { method: string; path: string }[];
  close(): Promise<void>;
}

interface Pending {
  fault: Fault;
  match: { pathIncludes: string; method?: string };
}

const HTML_502 =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
export const GATEWAY_PAGE = HTML_502;

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const pending: Pending[] = [];
  const forwarded: FaultProxy['forwarded'] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        forwarded.push({ method: req.method ?? 'GET', path: req.url ?? '/' });
        const out = request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: upstream.host },
          },
          async (res) => {
            const chunks: Buffer[] = [];
            for await (const chunk of res) chunks.push(chunk as Buffer);
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) });
          },
        );
        out.on('error', reject);
        out.end(body);
      },
    );

  const passOn = async (req: IncomingMessage, res: ServerResponse, body: Buffer, until?: Promise<void>) => {
    const answer = await forward(req, body);
    await until;
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const index = pending.findIndex(
      (p) =>
        (req.url ?? '').includes(p.match.pathIncludes) &&
        (p.match.method === undefined || p.match.method === req.method),
    );
    const fault = index >= 0 ? pending.splice(index, 1)[0]?.fault : undefined;
    if (!fault) return await passOn(req, res, body);
    switch (fault.kind) {
      case 'held':
        return await passOn(req, res, body, fault.until);
      case 'hang':
        return;
      case 'reset':
        if (fault.when === 'after') await forward(req, body);
        req.socket.destroy();
        return;
      case 'status':
        if (fault.when === 'after') await forward(req, body);
        res.writeHead(fault.status, { 'content-type': fault.contentType });
        res.end(fault.body);
        return;
      case 'replace-body':
        await forward(req, body);
        res.writeHead(200, { 'content-type': fault.contentType });
        res.end(fault.body);
        return;
      case 'slow-body': {
        const answer = await forward(req, body);
        res.writeHead(answer.status, {
          'content-type': String(answer.headers['content-type'] ?? 'application/json'),
          'content-length': String(answer.body.length),
        });
        let sent = 0;
        const drip = setInterval(() => {
          if (sent >= answer.body.length || res.destroyed) {
            clearInterval(drip);
            timers.delete(drip);
            res.end();
            return;
          }
          res.write(answer.body.subarray(sent, sent + 1));
          sent += 1;
        }, fault.everyMs);
        timers.add(drip);
        return;
      }
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    inject: (fault, match) => pending.push({ fault, match }),
    forwarded,
    async close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
