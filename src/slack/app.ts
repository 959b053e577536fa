import type { IncomingMessage, ServerResponse } from 'node:http';
import { App, type CustomRoute, HTTPReceiver, type InstallationStore } from '@slack/bolt';
import type { Logger } from '../observability/logger.js';
import { observeSlackApiCalls } from '../observability/slack-api-calls.js';
import { observeAckLatency } from './ack-latency.js';
import { toBoltLogger } from './bolt-logger.js';
import type { SlackDeps } from './deps.js';
import { registerListeners } from './register.js';

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
  routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
  logger: Logger;
}

const SLACK_API_URL = 'https://slack.com/api/';

export const BOT_SCOPES = ['commands', 'chat:write', 'chat:write.public', 'users:read'];

/**
 * Builds the Bolt app for a mode. processBeforeResponse stays false: on a long-running server the
 * HTTP ack must leave at ack(), before any platform call.
 */
export function createBoltApp(options: BoltAppOptions, deps: SlackDeps): App {
  const logger = toBoltLogger(options.logger.child({ component: 'bolt' }));
  // Few, short retries and no silent 429 waits: a modal must open inside the trigger's 3 s, and the
  // socket-mode client would otherwise install 100 retries on this shared object.
  const slackApiUrl = options.apiUrl ? ensureSlash(options.apiUrl) : SLACK_API_URL;
  const clientOptions = {
    slackApiUrl,
    retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 1000 },
    rejectRateLimitedCalls: true,
    // A hung Slack call must not hold a listener forever (the SDK sets no request timeout).
    timeout: 10_000,
    // Every Web API request of every client Bolt builds goes through this fetch: counted and timed.
    fetch: observeSlackApiCalls({ apiUrl: slackApiUrl, metrics: deps.metrics }),
  };
  const customRoutes: CustomRoute[] = Object.entries(options.routes).map(([path, handler]) => ({
    path,
    method: ['GET'],
    handler,
  }));
  let app: App;
  if (options.mode === 'socket') {
    app = new App({
      token: options.botToken,
      appToken: options.appToken,
      socketMode: true,
      logger,
      clientOptions,
    });
  } else if (options.mode === 'oauth' && options.oauth) {
    const receiver = new HTTPReceiver({
      signingSecret: options.signingSecret ?? '',
      endpoints: '/slack/events',
      customRoutes,
      processBeforeResponse: false,
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
    app = new App({ receiver, logger, clientOptions });
  } else {
    const receiver = new HTTPReceiver({
      signingSecret: options.signingSecret ?? '',
      endpoints: '/slack/events',
      customRoutes,
      processBeforeResponse: false,
      logger,
    });
    app = new App({ token: options.botToken, receiver, logger, clientOptions });
  }
  observeAckLatency(app, deps.metrics);
  registerListeners(app, deps, { installationStore: options.oauth?.installationStore });
  return app;
}

function ensureSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
