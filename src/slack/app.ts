import { once } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import {
  App,
  type CustomRoute,
  HTTPReceiver,
  type InstallationStore,
  type ReceiverProcessEventErrorHandlerArgs,
  SocketModeReceiver,
  webApi,
} from '@slack/bolt';
import type { Logger } from '../observability/logger.js';
import { observeAckLatency } from './ack-latency.js';
import { toBoltLogger } from './bolt-logger.js';
import type { SlackDeps } from './deps.js';
import { type InFlight, trackInFlight } from './in-flight.js';
import type { FetchLike } from './lifecycle/surface.js';
import { registerListeners } from './register.js';
import { guardSlackRequests } from './request-guard.js';
import { ensureSlash, SLACK_API_URL } from './slack-fetch.js';

export interface BoltAppOptions {
  mode: 'http' | 'socket' | 'oauth';
  signingSecret?: string | undefined;
  botToken?: string | undefined;
  appToken?: string | undefined;
  oauth?: {
    clientId: string;
    clientSecret: string;
    stateSecret: string;
    installationStore: InstallationStore;
  };
  apiUrl?: string | undefined;
  /** Operational routes (health, readiness, metrics), served beside the Slack endpoints. */
  routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
  /** POST routes beside the Slack endpoints (inbound lifecycle hooks); `:name` segments become req.params. */
  postRoutes?: Record<string, CustomRoute['handler']>;
  /** Socket Mode only: the port of the HTTP server that serves `routes` (0: any free port). */
  routesPort?: number | undefined;
  /** The fetch every Slack call goes through (slack-fetch.ts). */
  fetch: FetchLike;
  logger: Logger;
}

export const BOT_SCOPES = [
  'commands',
  'chat:write',
  'chat:write.public',
  'users:read',
  'links:read',
  'links:write',
  'usergroups:read',
];

/**
 * Builds the Bolt app for a mode. processBeforeResponse stays false: on a long-running server the
 * HTTP ack must leave at ack(), before any platform call.
 */
export interface BoltRuntime {
  app: App;
  /** A Web API client with the app's options (API URL, retries, fetch) for another bot token. */
  clientFor(token: string): App['client'];
  /** Requests inside the listener chains (the work after an ack included), for draining. */
  inFlight: InFlight;
  /** Starts the receiver; resolves with the HTTP server that answers Slack (or, in Socket Mode, the routes). */
  start(port: number): Promise<Server>;
  stop(): Promise<void>;
}

export function createBoltApp(options: BoltAppOptions, deps: SlackDeps): BoltRuntime {
  const logger = toBoltLogger(options.logger.child({ component: 'bolt' }));
  const apiUrl = ensureSlash(options.apiUrl ?? SLACK_API_URL);
  // Few, short retries and no silent 429 waits: a modal must open inside the trigger's 3 s, and the
  // socket-mode client would otherwise install 100 retries on this shared object.
  const clientOptions = {
    slackApiUrl: apiUrl,
    retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 1000 },
    rejectRateLimitedCalls: true,
    // A hung Slack call must not hold a listener forever (the SDK sets no request timeout).
    timeout: 10_000,
    // Every Web API request of every client Bolt builds, and every respond(), goes through it.
    fetch: options.fetch,
  };
  const customRoutes: CustomRoute[] = [
    ...Object.entries(options.routes).map(([path, handler]) => ({ path, method: ['GET'], handler })),
    ...Object.entries(options.postRoutes ?? {}).map(([path, handler]) => ({
      path,
      method: ['POST'],
      handler,
    })),
  ];
  let app: App;
  if (options.mode === 'socket') {
    return socketModeRuntime(options, deps, { logger, clientOptions, customRoutes });
  }
  if (options.mode === 'oauth' && options.oauth) {
    const receiver = new HTTPReceiver({
      signingSecret: options.signingSecret ?? '',
      endpoints: '/slack/events',
      customRoutes,
      processBeforeResponse: false,
      processEventErrorHandler: answerListenerFailure,
      // The request guard in front (request-guard.ts) verifies every request on /slack/events and
      // refuses what fails with 401; a second check here cost 3 % of a /exp help (bench/).
      signatureVerification: false,
      clientId: options.oauth.clientId,
      clientSecret: options.oauth.clientSecret,
      stateSecret: options.oauth.stateSecret,
      scopes: BOT_SCOPES,
      installationStore: options.oauth.installationStore,
      // The installer builds its own WebClient for oauth.v2.access and auth.test: without these options it
      // would call slack.com whatever SLACK_API_URL says.
      installerOptions: { directInstall: true, clientOptions },
      logger,
    });
    app = new App({ receiver, logger, clientOptions, convoStore: false });
  } else {
    const receiver = new HTTPReceiver({
      signingSecret: options.signingSecret ?? '',
      endpoints: '/slack/events',
      customRoutes,
      processBeforeResponse: false,
      processEventErrorHandler: answerListenerFailure,
      // Verified by the request guard in front (see the OAuth receiver above).
      signatureVerification: false,
      logger,
    });
    // No conversation store: the app keeps no per-conversation state in Bolt (5 % of a /exp help).
    app = new App({ token: options.botToken, receiver, logger, clientOptions, convoStore: false });
  }
  observeAckLatency(app, deps.metrics);
  // Before the listeners: their router is the last global middleware, and nothing after it runs.
  const inFlight = trackInFlight(app);
  registerListeners(app, deps, { installationStore: options.oauth?.installationStore });
  const started = app;
  return {
    app,
    inFlight,
    clientFor: (token) => new webApi.WebClient(token, clientOptions),
    start: async (port) => {
      const server = (await started.start(port)) as Server;
      guardSlackRequests(server, {
        paths: ['/slack/events'],
        signingSecret: options.signingSecret,
        claimOnce: (key, ttlMs) => deps.locks.claim(key, ttlMs),
        onReplay: (retryNum) =>
          deps.logger.info('a signed request seen before was answered without acting again', { retryNum }),
      });
      return server;
    },
    stop: async () => {
      await started.stop();
    },
  };
}

/**
 * Socket Mode: events arrive over the WebSocket, while the health, readiness and metrics routes are
 * served by the receiver's own HTTP server (Bolt's customRoutes). Bolt 5.1 keeps that server private
 * and does not report its address; reading it is the only way to serve on port 0 (tests) and to know
 * when it listens. test/socket-mode.test.ts fails if a Bolt upgrade renames it.
 */
function socketModeRuntime(
  options: BoltAppOptions,
  deps: SlackDeps,
  shared: {
    logger: ReturnType<typeof toBoltLogger>;
    clientOptions: Record<string, unknown>;
    customRoutes: CustomRoute[];
  },
): BoltRuntime {
  const receiver = new SocketModeReceiver({
    appToken: options.appToken ?? '',
    logger: shared.logger,
    customRoutes: shared.customRoutes,
    // The socket client mutates the options it is given (retry policy): give it its own copy.
    installerOptions: { port: options.routesPort ?? 3000, clientOptions: { ...shared.clientOptions } },
  });
  const app = new App({
    token: options.botToken,
    receiver,
    logger: shared.logger,
    clientOptions: shared.clientOptions,
  });
  observeAckLatency(app, deps.metrics);
  const inFlight = trackInFlight(app);
  registerListeners(app, deps, {});
  const server = () => {
    const found = (receiver as unknown as { httpServer?: Server }).httpServer;
    if (!found) throw new Error('Bolt SocketModeReceiver has no HTTP server for the custom routes');
    return found;
  };
  return {
    app,
    inFlight,
    clientFor: (token) => new webApi.WebClient(token, shared.clientOptions),
    async start() {
      const http = server();
      const listening = http.listening ? Promise.resolve() : once(http, 'listening');
      await app.start();
      await listening;
      return http;
    },
    async stop() {
      const http = server();
      const closed = http.listening ? once(http, 'close') : Promise.resolve();
      await app.stop();
      await closed;
    },
  };
}

/**
 * A listener failed before it acked: never a 500 (Slack shows "failed with error 500" and retries
 * Events API deliveries). Authorization failures keep Bolt's 401; anything else is answered 200,
 * with a line for the person when it was a slash command (which shows a response body).
 */
async function answerListenerFailure(args: ReceiverProcessEventErrorHandlerArgs): Promise<boolean> {
  const { error, response, logger } = args;
  if (response.headersSent) return false;
  if (error instanceof Error && error.name === 'AuthorizationError') {
    response.writeHead(401);
    response.end();
    return true;
  }
  logger.error('a listener failed before answering', {
    error: error instanceof Error ? error.name : 'unknown',
  });
  const isCommand =
    typeof (args.request as { rawBody?: Buffer }).rawBody?.toString === 'function'
      ? /(?:^|&)command=/.test((args.request as { rawBody?: Buffer }).rawBody?.toString('utf8') ?? '')
      : false;
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    isCommand
      ? JSON.stringify({
          response_type: 'ephemeral',
          text: 'The app hit an internal problem before it could answer, so it did not act on this. Try again in a moment.',
        })
      : '',
  );
  return true;
}
