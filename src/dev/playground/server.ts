import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../observability/logger.js';
import {
  ActionNotFoundError,
  PersonActionRefusedError,
  ViewBlockNotFoundError,
  ViewNotOpenError,
} from '../slack-emulator/errors.js';
import { EMULATOR_DEFAULTS } from '../slack-emulator/seed.js';
import type { SlackEmulator } from '../slack-emulator/types.js';
import { PlaygroundRequestError, readJsonBody, sendError, sendJson } from './http-io.js';
import { createLanguageChoices } from './languages.js';
import { CLIENT_SCRIPT_PATH, loadClientScript } from './page/client-script.js';
import { renderPage } from './page/page.js';
import { MAX_MESSAGE_CHARS, StateQuery } from './request-schemas.js';
import { createApiRoutes, parseRequest } from './routes.js';
import { buildState } from './state.js';
import { createStateStream } from './state-stream.js';
import { createTeamDrivers, ensureTeamChannels, playgroundTeams } from './teams.js';

export interface PlaygroundOptions {
  emulator: SlackEmulator;
  /** The app's request URL, e.g. http://127.0.0.1:3000/slack/events. */
  appEventsUrl: string;
  signingSecret: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1: the page acts as any user with a valid signature, so it stays local. */
  host?: string;
  logger: Logger;
  /** The page's script; default: the prebuilt bundle, or one bundled from the sources on first use. */
  clientScript?: () => Promise<string>;
  /**
   * The app's unfurl domains (the manifest's features.unfurl_domains): a link typed on one of them
   * or a subdomain reaches the app as link_shared. Default none: links are posted, not sent.
   */
  unfurlDomains?: readonly string[];
}

export interface RunningPlayground {
  url: string;
  close(): Promise<void>;
}

/** Maps what a handler threw to the answer the page shows. */
function toRequestError(error: unknown): PlaygroundRequestError {
  if (error instanceof PlaygroundRequestError) return error;
  if (error instanceof ActionNotFoundError)
    return new PlaygroundRequestError(404, 'action_not_found', error.message);
  if (error instanceof ViewNotOpenError)
    return new PlaygroundRequestError(404, 'view_not_open', error.message);
  if (error instanceof ViewBlockNotFoundError)
    return new PlaygroundRequestError(400, 'block_not_found', error.message);
  if (error instanceof PersonActionRefusedError)
    return new PlaygroundRequestError(400, error.code, error.message);
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR)/.test(code)) {
    return new PlaygroundRequestError(502, 'app_unreachable', `The app did not answer: ${message}`);
  }
  return new PlaygroundRequestError(500, 'internal_error', message);
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

// A web page on another name that resolves to 127.0.0.1 (DNS rebinding) would be same-origin with
// the playground; refusing unknown Host headers keeps it out. Listening on a wildcard address is a
// deliberate choice to be reached under any name, so then every name is accepted.
function allowedHosts(bound: string): (header: string | undefined) => boolean {
  if (WILDCARD_HOSTS.has(bound)) return () => true;
  const names = new Set(['localhost', '127.0.0.1', '[::1]', bound.includes(':') ? `[${bound}]` : bound]);
  return (header) => {
    const name = header?.replace(/:\d+$/, '').toLowerCase();
    return name !== undefined && names.has(name);
  };
}

/** The local web page that stands in for Slack: a channel view over the emulator, driving the app. */
export async function startPlayground(options: PlaygroundOptions): Promise<RunningPlayground> {
  const { emulator, logger } = options;
  const clientScript = options.clientScript ?? loadClientScript;
  const log = logger.child({ component: 'playground' });
  const unfurlDomains = options.unfurlDomains ?? [];
  ensureTeamChannels(emulator);
  const driverFor = createTeamDrivers({ ...options, unfurlDomains });
  const languages = createLanguageChoices();
  const snapshot = (viewer: { userId: string; teamId: string }, revision: number) =>
    buildState(emulator, viewer, revision, languages.of(viewer.teamId, viewer.userId));
  const stream = createStateStream({ snapshot, logger: log });
  const unsubscribe = emulator.on('change', () => stream.notify());
  const teamIds = playgroundTeams(emulator).map((t) => t.id);
  const api = createApiRoutes({ emulator, driverFor, teamIds, notify: () => stream.notify(), languages });
  const defaults = {
    userId: EMULATOR_DEFAULTS.userId,
    teamId: emulator.identity.teamId,
    channelId: EMULATOR_DEFAULTS.channelId,
  };
  const viewerOf = (url: URL) => {
    const query = parseRequest(StateQuery, Object.fromEntries(url.searchParams));
    return { userId: query.userId, teamId: query.teamId ?? emulator.identity.teamId };
  };

  const host = options.host ?? '127.0.0.1';
  const hostAllowed = allowedHosts(host);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!hostAllowed(req.headers.host)) {
      throw new PlaygroundRequestError(403, 'unknown_host', 'Open the playground at the address it printed.');
    }
    const url = new URL(req.url ?? '/', 'http://playground.invalid');
    if (req.method === 'GET' && url.pathname === '/') {
      const nonce = randomBytes(16).toString('base64');
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // Defence in depth behind the escaping renderers: no inline handler or foreign script runs.
        'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
        'x-content-type-options': 'nosniff',
      });
      res.end(renderPage({ nonce, defaults, maxMessageChars: MAX_MESSAGE_CHARS, unfurlDomains }));
      return;
    }
    if (req.method === 'GET' && url.pathname === CLIENT_SCRIPT_PATH) {
      const script = await clientScript();
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      res.end(script);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/state') {
      sendJson(res, 200, snapshot(viewerOf(url), stream.revision()));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/events') {
      stream.open(req, res, viewerOf(url));
      return;
    }
    const route = api[url.pathname];
    if (req.method === 'POST' && route) {
      const origin = req.headers.origin;
      if (origin !== undefined && origin !== `http://${req.headers.host}`) {
        throw new PlaygroundRequestError(403, 'cross_origin', 'Requests from other origins are refused.');
      }
      sendJson(res, 200, await route(await readJsonBody(req)));
      return;
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    throw new PlaygroundRequestError(404, 'not_found', `No ${req.method} ${url.pathname} here.`);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const failure = toRequestError(error);
      if (failure.status >= 500) log.warn('playground request failed', { path: req.url, error });
      if (res.headersSent) res.end();
      else sendError(res, failure);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}/`;
  log.info(`playground at ${url}`);
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        unsubscribe();
        stream.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
