import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';

type Handler = CustomRoute['handler'];

/** The app's own routes beside Slack's endpoint: health, readiness, metrics, inbound hooks. */
export interface RouteTable {
  /** GET routes by exact path. */
  get: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
  /** POST routes; `:name` segments become req.params, as Bolt's customRoutes make them. */
  post: Record<string, Handler>;
}

interface CompiledRoute {
  method: 'GET' | 'POST';
  segments: readonly string[];
  handler: Handler;
}

/**
 * Serves the table: a request no route takes is answered 404 with an empty body, as Bolt's
 * receivers answer it, and so is one whose path is not canonical (canonicalPathOf). A path may end
 * in one slash more than the route (Bolt's path matching allows it too).
 */
export function routeServer(table: RouteTable): (req: IncomingMessage, res: ServerResponse) => void {
  const compiled: CompiledRoute[] = [
    ...Object.entries(table.get).map(([path, handler]) => compile('GET', path, handler)),
    ...Object.entries(table.post).map(([path, handler]) => compile('POST', path, handler)),
  ];
  return (req, res) => {
    const path = canonicalPathOf(req);
    const method = (req.method ?? '').toUpperCase();
    const matched = path === undefined ? undefined : matchRoute(compiled, method, path);
    if (matched) return matched.handler(Object.assign(req, { params: matched.params }), res);
    res.writeHead(404);
    res.end();
  };
}

function matchRoute(compiled: readonly CompiledRoute[], method: string, path: string) {
  for (const route of compiled) {
    if (route.method !== method) continue;
    const params = matchPath(route.segments, path);
    if (params) return { handler: route.handler, params };
  }
  return undefined;
}

/** A dot segment, a doubled slash, a backslash, or a dot, slash or backslash percent-encoded. */
const NON_CANONICAL = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|\\|%2e|%2f|%5c/i;

/**
 * The request's path exactly as it came (its query left out), or undefined when it is not in
 * canonical form: not starting with one slash (the absolute form, `*`), or holding anything a
 * proxy in front of the app and the app could read as different paths (NON_CANONICAL). Never
 * normalised: a proxy that routes /slack/events by prefix to the app and keeps /metrics inside
 * would otherwise have the app serve /metrics for /slack/events/../../metrics.
 */
export function canonicalPathOf(req: IncomingMessage): string | undefined {
  const target = req.url ?? '';
  if (!target.startsWith('/')) return undefined;
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  return NON_CANONICAL.test(path) ? undefined : path;
}

const compile = (method: CompiledRoute['method'], path: string, handler: Handler): CompiledRoute => ({
  method,
  segments: path.split('/'),
  handler,
});

function matchPath(segments: readonly string[], path: string): Record<string, string> | undefined {
  const parts = path.split('/');
  if (parts.length === segments.length + 1 && parts.at(-1) === '') parts.pop();
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] ?? '';
    if (!segment.startsWith(':')) {
      if (part !== segment) return undefined;
      continue;
    }
    if (part === '') return undefined;
    try {
      params[segment.slice(1)] = decodeURIComponent(part);
    } catch {
      return undefined;
    }
  }
  return params;
}
