import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from './metrics.js';

export interface RouteDeps {
  metrics: Metrics;
  /** Resolves when the app's dependencies answer (store reachable); rejects with a reason otherwise. */
  ready: () => Promise<void>;
  /**
   * Problems that do not make the replica unready (every replica shares them, so taking it out of
   * rotation would only stop the workspaces that work) but that operators must see.
   */
  warnings?: () => string[];
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Operational routes served beside /slack/events. */
export function operationalRoutes(deps: RouteDeps): Record<string, Handler> {
  return {
    '/healthz': (_req, res) => send(res, 200, 'application/json', '{"status":"ok"}'),
    '/readyz': (_req, res) => {
      deps.ready().then(
        () => {
          const warnings = deps.warnings?.() ?? [];
          send(
            res,
            200,
            'application/json',
            JSON.stringify(warnings.length === 0 ? { status: 'ready' } : { status: 'ready', warnings }),
          );
        },
        (error: unknown) =>
          send(
            res,
            503,
            'application/json',
            JSON.stringify({ status: 'not-ready', reason: describe(error) }),
          ),
      );
    },
    '/metrics': (_req, res) => {
      deps.metrics.render().then(
        (text) => send(res, 200, deps.metrics.contentType, text),
        (error: unknown) =>
          send(res, 500, 'text/plain; charset=utf-8', `metrics unavailable: ${describe(error)}\n`),
      );
    },
  };
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  res.end(body);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown';
}
