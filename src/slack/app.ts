import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { App, type CustomRoute, type InstallationStore, webApi } from '@slack/bolt';
import { InstallProvider } from '@slack/oauth';
import type { Logger } from '../observability/logger.js';
import type { FetchLike } from '../observability/slack-api-calls.js';
import { timeAcks } from './ack-latency.js';
import { toBoltLogger } from './bolt-logger.js';
import type { SlackDeps } from './deps.js';
import { createInFlight, type InFlight } from './in-flight.js';
import { listenerFailureAnswers } from './listener-failure-answers.js';
import { languageReadAhead, readChoicesAhead } from './locale/request-scope.js';
import { catalogueOf } from './messages/localized.js';
import { type OAuthRoutes, SlackHttpReceiver } from './receiver/http-receiver.js';
import type { RouteTable } from './receiver/routes.js';
import { SlackSocketReceiver } from './receiver/socket-receiver.js';
import { registerListeners } from './register.js';
import { postToResponseUrl } from './replies.js';
import type { ServedWorkspaces } from './served-workspace/served.js';
import { ensureSlash, SLACK_API_URL } from './slack-fetch.js';
import { storeUnavailableWords } from './store-unavailable-words.js';

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
  /**
   * Single-workspace modes (HTTP, Socket Mode): the workspace the bot token serves, so a request
   * from any other is refused before its listeners run. OAuth mode authorizes each workspace by its
   * own installation instead.
   */
  served?: ServedWorkspaces | undefined;
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
  'channels:read',
  'groups:read',
  'im:read',
  'mpim:read',
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
  const oauth =
    options.mode === 'oauth' && options.oauth ? oauthRoutes(options.oauth, clientOptions, logger) : undefined;
  const receiver = receiverFor(options, deps, { clientOptions, logger, oauth });
  // OAuth: Bolt takes its authorize from the receiver's installer. No conversation store: the app
  // keeps no per-conversation state in Bolt.
  const token = oauth ? undefined : options.botToken;
  const app = new App({ token, receiver, logger, clientOptions, convoStore: false });
  // Counted in the listeners' one global middleware, around every request's chain.
  const inFlight = createInFlight();
  registerListeners(app, deps, {
    installationStore: options.oauth?.installationStore,
    inFlight,
    served: options.mode === 'oauth' ? undefined : options.served,
  });
  return {
    app,
    inFlight,
    clientFor: (token) => new webApi.WebClient(token, clientOptions),
    start: (port) => app.start(port),
    stop: async () => {
      await app.stop();
    },
  };
}

/** Socket Mode's receiver, or the HTTP one (with the OAuth pages in OAuth mode). */
function receiverFor(
  options: BoltAppOptions,
  deps: SlackDeps,
  shared: {
    clientOptions: Record<string, unknown>;
    logger: ReturnType<typeof toBoltLogger>;
    oauth: OAuthRoutes | undefined;
  },
): SlackHttpReceiver | SlackSocketReceiver {
  const routes: RouteTable = { get: options.routes, post: options.postRoutes ?? {} };
  const onEvent = timeAcks(deps.metrics);
  const { clientOptions, logger, oauth } = shared;
  // Answered by the receiver, before any listener has the request's languages: the choices read ahead.
  const failureAnswers = (readAhead: Record<string, unknown>) =>
    listenerFailureAnswers(catalogueOf(languageReadAhead(readAhead)));
  if (options.mode === 'socket') {
    const routesPort = options.routesPort ?? 3000;
    const appToken = options.appToken ?? '';
    return new SlackSocketReceiver({
      ...{ appToken, clientOptions, routes, routesPort, onEvent, logger },
      listenerFailureAnswers: failureAnswers,
    });
  }
  const checks = {
    signingSecret: options.signingSecret,
    claimOnce: (key: string, ttlMs: number, holder: string) => deps.locks.claim(key, ttlMs, holder),
    refuseClaim: deps.locks.refuse?.bind(deps.locks),
    onRefusalLost: (error: unknown) =>
      deps.logger.warn(
        "a refused request's replay claim could not be released: a retry of it is answered as a replay until it expires",
        {
          error: error instanceof Error ? error.message : String(error),
        },
      ),
    onReplay: (retryNum: string | undefined) =>
      deps.logger.info('a signed request seen before was answered without acting again', { retryNum }),
  };
  // A request's language choices are read while its replay claim is made (request-scope.ts).
  const readAhead = (body: Record<string, unknown>) => readChoicesAhead(deps.locales, body);
  return new SlackHttpReceiver({
    checks,
    routes,
    oauth,
    onEvent,
    readAhead,
    logger,
    listenerFailureAnswers: failureAnswers,
    storeUnavailableWords,
    respond: (responseUrl, message) => postToResponseUrl(options.fetch, responseUrl, message),
  });
}

/** The install page and redirect of the OAuth flow, at Bolt's default paths. */
function oauthRoutes(
  oauth: NonNullable<BoltAppOptions['oauth']>,
  clientOptions: Record<string, unknown>,
  logger: ReturnType<typeof toBoltLogger>,
): OAuthRoutes {
  return {
    installer: new InstallProvider({
      clientId: oauth.clientId,
      clientSecret: oauth.clientSecret,
      stateSecret: oauth.stateSecret,
      installationStore: oauth.installationStore,
      logger,
      directInstall: true,
      // The installer builds its own WebClient for oauth.v2.access and auth.test: without these options it
      // would call slack.com whatever SLACK_API_URL says.
      clientOptions,
    }),
    installUrlOptions: { scopes: BOT_SCOPES },
    installPath: '/slack/install',
    redirectUriPath: '/slack/oauth_redirect',
  };
}
