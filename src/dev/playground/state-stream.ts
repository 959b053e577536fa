import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../observability/logger.js';
import type { PlaygroundState } from './state.js';

export interface Viewer {
  userId: string;
  teamId: string;
}

export interface StateStream {
  /** Holds the response open as text/event-stream and sends the viewer's state at once. */
  open(req: IncomingMessage, res: ServerResponse, viewer: Viewer): void;
  /** Something changed: every viewer gets a fresh state (bursts are coalesced). */
  notify(): void;
  revision(): number;
  close(): void;
}

interface Client {
  res: ServerResponse;
  viewer: Viewer;
}

// Proxies and browsers drop idle streams; a comment line every so often keeps the stream open.
const HEARTBEAT_MS = 15_000;
// One click makes several Web API calls in a few milliseconds; one state per burst is enough.
const COALESCE_MS = 15;

export function createStateStream(options: {
  snapshot: (viewer: Viewer, revision: number) => PlaygroundState;
  logger: Logger;
}): StateStream {
  const clients = new Set<Client>();
  let revision = 0;
  let pending: NodeJS.Timeout | undefined;

  const write = (client: Client, state: PlaygroundState) => {
    client.res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
  };
  const flush = () => {
    pending = undefined;
    const cache = new Map<string, PlaygroundState>();
    for (const client of clients) {
      const key = `${client.viewer.userId}/${client.viewer.teamId}`;
      try {
        const state = cache.get(key) ?? options.snapshot(client.viewer, revision);
        cache.set(key, state);
        write(client, state);
      } catch (error) {
        options.logger.warn('playground state could not be sent', { error });
      }
    }
  };
  const heartbeat = setInterval(() => {
    for (const client of clients) client.res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    open(req, res, viewer) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      const client: Client = { res, viewer };
      clients.add(client);
      req.on('close', () => clients.delete(client));
      write(client, options.snapshot(viewer, revision));
    },
    notify() {
      revision += 1;
      pending ??= setTimeout(flush, COALESCE_MS);
    },
    revision: () => revision,
    close() {
      clearInterval(heartbeat);
      if (pending) clearTimeout(pending);
      for (const client of clients) client.res.end();
      clients.clear();
    },
  };
}
