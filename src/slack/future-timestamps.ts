import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Slack's guidance: refuse a request whose timestamp is more than five minutes from the clock. */
export const MAX_SKEW_SECONDS = 5 * 60;

/**
 * Bolt 5.1 refuses timestamps more than five minutes in the past but accepts any in the future, so
 * a signed request captured with a clock set ahead stays replayable for as long as that lead. This
 * puts a check in front of the receiver's own request listeners: a timestamp more than five
 * minutes ahead is answered 401 before Bolt reads the body; everything else goes on to Bolt as is.
 */
export function refuseFutureTimestamps(
  server: Server,
  options: { paths: readonly string[]; nowMs?: () => number },
): void {
  const now = options.nowMs ?? Date.now;
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const header = req.headers['x-slack-request-timestamp'];
    if (
      req.method === 'POST' &&
      options.paths.includes(path) &&
      typeof header === 'string' &&
      /^\d+$/.test(header)
    ) {
      const lead = Number(header) - Math.floor(now() / 1000);
      if (lead > MAX_SKEW_SECONDS) {
        req.resume();
        res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('x-slack-request-timestamp is more than 5 minutes in the future\n');
        return;
      }
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
}
