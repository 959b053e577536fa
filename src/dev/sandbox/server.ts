import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../observability/logger.js';
import { handleConsole } from './console/router.js';
import { json, readBody, type SandboxReply, type SandboxRequest, writeReply } from './http-io.js';
import { createInjections, type InjectedResponse, type RequestMatch } from './injections.js';
import { consoleMessageBody, splitterErrorBody, TEXT_CONTENT_TYPE } from './model/error-bodies.js';
import {
  CONSOLE_PREFIX,
  DISCARD_LIMIT_BYTES,
  MAX_BODY_BYTES,
  MAX_RECORDED_REQUESTS,
  SPLITTER_PREFIX,
} from './model/http-rules.js';
import { handleSplitter } from './splitter/router.js';
import { createState, type RecordedRequest, type SandboxState } from './state.js';
import { createTokenAuthority, type IssueTokenOptions } from './tokens.js';

export interface SandboxOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  logger?: Logger;
  /** JWT HS256 key; random if absent. */
  secret?: Uint8Array;
  /** Seed experiments 1..8 and 123; default true. */
  seed?: boolean;
  /** When set, the splitter requires `Authorization: Bearer <splitterToken>`; default open. */
  splitterToken?: string;
}

export interface Sandbox {
  /** The platform's base_url: the console API is at `${url}/api/console`. */
  url: string;
  /** `${url}/splitter`; methods at `${splitterUrl}/<method>`, with or without a trailing slash. */
  splitterUrl: string;
  /** Default: all scopes, 30 days. */
  issueToken(opts?: IssueTokenOptions): Promise<string>;
  revokeToken(token: string): void;
  /** Delays matching responses (the request is still applied at once); 0 clears. */
  setLatency(ms: number, match?: RequestMatch): void;
  /** One-shot injected response for the next matching request (before auth and routing). */
  failNext(response: InjectedResponse, match?: RequestMatch): void;
  state: SandboxState;
  close(): Promise<void>;
}

type Area = 'console' | 'splitter' | 'other';

function areaOf(path: string): Area {
  if (path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`)) return 'console';
  if (path === SPLITTER_PREFIX || path.startsWith(`${SPLITTER_PREFIX}/`)) return 'splitter';
  return 'other';
}

function errorReply(area: Area, status: 404 | 413 | 500, message: string): SandboxReply {
  return area === 'splitter'
    ? json(status, splitterErrorBody(status, message))
    : json(status, consoleMessageBody(message));
}

/** The token's `name` claim, read without verifying (the console handler verifies): for tests only. */
function bearerName(authorization: string | undefined): string | undefined {
  const payload = /^Bearer [^.\s]+\.([^.\s]+)\.[^.\s]+$/.exec(authorization ?? '')?.[1];
  if (!payload) return undefined;
  try {
    const name: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).name;
    return typeof name === 'string' ? name.slice(0, 100) : undefined;
  } catch {
    return undefined;
  }
}

function withoutCredentials(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { authorization: _a, 'proxy-authorization': _p, ...rest } = headers;
  return rest;
}

/** An unspecified listen address is reachable as loopback; clients need a concrete host. */
function displayHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
  isLevelEnabled: () => false,
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const logger = options.logger ?? silentLogger;
  const state = createState(options.seed ?? true);
  const tokens = createTokenAuthority({
    secret: options.secret ?? randomBytes(32),
    revoked: state.revokedTokens,
  });
  const injections = createInjections();
  const splitterToken = options.splitterToken;
  const pendingDelays = new Set<() => void>();

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const done = () => {
        clearTimeout(timer);
        pendingDelays.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pendingDelays.add(done);
    });

  const record = (req: IncomingMessage): RecordedRequest => {
    const entry: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: withoutCredentials(req.headers),
      tokenName: bearerName(req.headers.authorization),
      body: '',
      status: undefined,
      receivedAt: new Date().toISOString(),
    };
    state.requests.push(entry);
    if (state.requests.length > MAX_RECORDED_REQUESTS)
      state.requests.splice(0, state.requests.length - MAX_RECORDED_REQUESTS);
    return entry;
  };

  const route = async (request: SandboxRequest, area: Area): Promise<SandboxReply> => {
    if (area === 'console') return handleConsole(request, { state, tokens });
    if (area === 'splitter') return handleSplitter(request, { state, splitterToken });
    return errorReply(area, 404, `No route for ${request.method} ${request.path}`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const entry = record(req);
    const method = entry.method;
    let area: Area = 'other';
    let reply: SandboxReply;
    try {
      const url = new URL(entry.url, 'http://sandbox.invalid');
      area = areaOf(url.pathname);
      const body = await readBody(req, MAX_BODY_BYTES, DISCARD_LIMIT_BYTES);
      if (!body.ok && body.reason === 'aborted') return;
      if (!body.ok) {
        reply = errorReply(area, 413, `request body exceeds ${MAX_BODY_BYTES} bytes`);
      } else {
        entry.body = body.body;
        const injected = injections.takeInjected(method, entry.url);
        reply = injected
          ? {
              status: injected.status,
              headers: { 'content-type': injected.contentType ?? TEXT_CONTENT_TYPE },
              body: injected.body,
            }
          : await route({ method, path: url.pathname, url, headers: req.headers, rawBody: body.body }, area);
      }
    } catch (err) {
      logger.error('sandbox request failed', { method, url: entry.url, err });
      reply = errorReply(area, 500, 'internal error in the sandbox platform');
    }
    entry.status = reply.status;
    await delay(injections.latencyFor(method, entry.url));
    logger.debug('sandbox request', { method, url: entry.url, status: reply.status });
    writeReply(res, reply);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.error('sandbox response failed', { err });
      if (!res.headersSent)
        writeReply(res, errorReply('other', 500, 'internal error in the sandbox platform'));
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => logger.error('sandbox server error', { err }));

  const address = server.address() as AddressInfo;
  const host = displayHost(address);
  const url = `http://${host}:${address.port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    splitterUrl: `${url}${SPLITTER_PREFIX}`,
    issueToken: (opts) => tokens.issue(opts),
    revokeToken: (token) => tokens.revoke(token),
    setLatency: (ms, match) => injections.setLatency(ms, match),
    failNext: (response, match) => injections.failNext(response, match),
    state,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const release of [...pendingDelays]) release();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
