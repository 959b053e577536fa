import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import type { Config } from './config.js';
import { createConsoleAgent } from './console/agent.js';
import { createConsoleClient } from './console/client.js';
import { createDictionaryCache, type DictionaryCache } from './console/dictionaries/cache.js';
import { ConsoleTimeoutError } from './console/errors.js';
import type { ConsoleConnection } from './console/types.js';
import { startPlayground } from './dev/playground/server.js';
import { type Sandbox, startSandbox } from './dev/sandbox/server.js';
import { type SlackEmulator, startSlackEmulator } from './dev/slack-emulator/server.js';
import { createConnectionResolver } from './lifecycle/connections.js';
import { createSubscriptionStore } from './lifecycle/subscriptions.js';
import { workspaceKey } from './lifecycle/workspace.js';
import { createLogger, type Logger } from './observability/logger.js';
import { createMetrics } from './observability/metrics.js';
import { operationalRoutes } from './observability/operational-routes.js';
import { createBoltApp } from './slack/app.js';
import type { SlackDeps } from './slack/deps.js';
import { trackInFlight } from './slack/in-flight.js';
import { en } from './slack/messages/index.js';
import { createSplitterClient, type SplitterClient } from './splitter/client.js';
import { createStore, type Store } from './store/create-store.js';
import { createKeyvInstallationStore } from './store/installation-store.js';
import { createTokenVault } from './store/token-vault.js';

export interface StartOptions {
  logger?: Logger;
  /** Overrides config.port (tests pass 0 for a free port). */
  port?: number;
  /** An already running sandbox to use instead of starting one (tests). */
  sandbox?: Sandbox;
  /** An already running emulator for playground mode (tests). */
  emulator?: SlackEmulator;
  consoleDispatcher?: Dispatcher;
  /** Overrides the playground page's port (tests pass 0). */
  playgroundPort?: number;
}

export interface RunningApp {
  url: string;
  eventsUrl: string;
  mode: Config['slack']['mode'];
  signingSecret: string | undefined;
  sandbox: Sandbox | undefined;
  emulator: SlackEmulator | undefined;
  /** The local Slack stand-in page (playground mode only). */
  playgroundUrl: string | undefined;
  dictionaries: DictionaryCache;
  splitter: SplitterClient;
  store: Store;
  /** Resolves when no listener work is in flight (including work after ack()). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Composition root: builds every dependency from the config and starts the receivers. */
export async function startExpChatops(config: Config, options: StartOptions = {}): Promise<RunningApp> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const fn of closers.reverse()) await fn().catch((error) => logger.warn('close failed', { error }));
  };
  try {
    return await assemble(config, options, logger, closers, close);
  } catch (error) {
    await close();
    throw error;
  }
}

async function assemble(
  config: Config,
  options: StartOptions,
  logger: Logger,
  closers: Array<() => Promise<unknown>>,
  close: () => Promise<void>,
): Promise<RunningApp> {
  const metrics = createMetrics({
    exp_commands_total: 'Slash commands received, by subcommand',
    exp_lifecycle_total: 'Lifecycle actions, by action and outcome',
    exp_interactions_total: 'Interactive payloads, by kind',
    exp_alerts_total: 'Alerts posted to subscribed channels, by outcome (sent or the failure)',
  });

  let sandbox = options.sandbox;
  if (config.sandbox && !sandbox) {
    sandbox = await startSandbox({ logger: logger.child({ component: 'sandbox' }) });
    const started = sandbox;
    closers.push(() => started.close());
  }

  const store = await createStore(config.store.url, { logger: logger.child({ component: 'store' }) });
  closers.push(() => store.close());

  // Sandbox mode may run without a key: tokens then only live as long as the process (and the
  // sandbox that issued them), which is exactly what a throw-away local run needs.
  const encryptionKey = config.tokenEncryptionKey ?? randomBytes(32);
  const vault = createTokenVault({ keyv: store.keyv('connections'), key: encryptionKey, logger });
  const dictionaries = createDictionaryCache({
    keyv: store.keyv('dictionaries'),
    ttlMs: config.console.dictionaryTtlSeconds * 1000,
    logger,
  });

  const agent = options.consoleDispatcher ? undefined : createConsoleAgent();
  if (agent) closers.push(() => agent.close());
  const dispatcher = options.consoleDispatcher ?? agent;
  const consoleLogger = logger.child({ component: 'console' });
  const makeClient = (connection: ConsoleConnection, scope: string) =>
    createConsoleClient({
      connection,
      dispatcher,
      timeouts: { headersMs: config.console.timeoutMs, bodyMs: config.console.timeoutMs },
      logger: consoleLogger,
      // The interface asks clients to drop cached dictionaries on a validation 400.
      onValidationError: () => dictionaries.drop(scope),
    });

  const defaultConnection = await resolveDefaultConnection(config, sandbox);
  const connections = createConnectionResolver({ vault, defaultConnection, makeClient, logger });

  const splitterUrl = config.splitter.url ?? sandbox?.splitterUrl;
  const splitter = createSplitterClient({
    baseUrl: splitterUrl ?? 'http://127.0.0.1:1',
    token: config.splitter.token,
    source: config.splitter.source ?? 'exp-chatops',
    trailingSlash: config.splitter.trailingSlash,
    logger: logger.child({ component: 'splitter' }),
  });

  let emulator = options.emulator;
  let signingSecret = config.slack.signingSecret;
  let botToken = config.slack.botToken;
  let apiUrl = config.slack.apiUrl;
  if (config.slack.mode === 'playground') {
    if (!emulator) {
      emulator = await startSlackEmulator({ logger: logger.child({ component: 'slack-emulator' }) });
      const started = emulator;
      closers.push(() => started.close());
    }
    signingSecret = randomBytes(16).toString('hex');
    botToken = 'xoxb-emulator-token';
    apiUrl = emulator.apiUrl;
  }

  const deps: SlackDeps = {
    logger: logger.child({ component: 'slack' }),
    messages: en,
    connections,
    vault,
    dictionaries,
    splitter,
    experimentFields: config.experimentFields,
    drafts: store.keyv('drafts'),
    subscriptions: createSubscriptionStore(store.keyv('subscriptions'), {
      logger: logger.child({ component: 'subscriptions' }),
    }),
    scopeOf: (workspace) => workspaceKey({ teamId: workspace.teamId, enterpriseId: workspace.enterpriseId }),
    locks: store.locks,
    metrics,
    adminUserIds: config.slack.adminUserIds,
    verifyConnection: async (connection, budgetMs) => {
      const client = createConsoleClient({
        connection,
        dispatcher,
        timeouts: { headersMs: budgetMs, bodyMs: budgetMs },
        retry: { attempts: 1 },
        logger: consoleLogger,
      });
      // headersMs and bodyMs each bound one phase (plus connecting): the check as a whole must still
      // end inside Slack's 3 s view_submission window, so it also races one overall deadline.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new ConsoleTimeoutError(`Console API did not answer within ${budgetMs} ms`, {
                method: 'GET',
                path: '/experiments/v1/dictionaries/types',
                outcomeUnknown: false,
              }),
            ),
          budgetMs,
        );
      });
      try {
        await Promise.race([client.getDictionary('types'), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
    defaultConnection,
    defaultBaseUrl: config.console.baseUrl ?? sandbox?.url,
    now: () => new Date(),
  };

  const routes = operationalRoutes({
    metrics,
    ready: async () => {
      await store.keyv('health').get('probe');
    },
  });
  const app = createBoltApp(
    {
      mode: config.slack.mode === 'playground' ? 'http' : config.slack.mode,
      signingSecret,
      botToken,
      appToken: config.slack.appToken,
      apiUrl,
      routes,
      logger,
      oauth:
        config.slack.mode === 'oauth'
          ? {
              clientId: config.slack.clientId ?? '',
              clientSecret: config.slack.clientSecret ?? '',
              stateSecret: config.slack.stateSecret ?? '',
              installationStore: createKeyvInstallationStore(store.keyv('installations'), encryptionKey),
            }
          : undefined,
    },
    deps,
  );
  const inFlight = trackInFlight(app);

  const port = options.port ?? config.port;
  let server: Server;
  if (config.slack.mode === 'socket') {
    await app.start();
    server = createServer((req, res) => {
      const route = routes[(req.url ?? '/').split('?')[0] ?? '/'];
      if (route && req.method === 'GET') route(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(port, '0.0.0.0', resolve));
  } else {
    server = (await app.start(port)) as Server;
  }
  closers.push(async () => {
    await app.stop();
    if (config.slack.mode === 'socket') await new Promise((resolve) => server.close(resolve));
  });
  const bound = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${bound}`;

  let playgroundUrl: string | undefined;
  if (config.slack.mode === 'playground' && emulator && signingSecret) {
    const playground = await startPlayground({
      emulator,
      appEventsUrl: `${url}/slack/events`,
      signingSecret,
      port: options.playgroundPort ?? config.playgroundPort ?? (port === 0 ? 0 : port + 1),
      logger: logger.child({ component: 'playground' }),
    });
    closers.push(() => playground.close());
    playgroundUrl = playground.url;
  }

  logger.info(`exp-chatops listening on ${url}`, {
    ...(playgroundUrl ? { playground: playgroundUrl } : {}),
    slackMode: config.slack.mode,
    platform: sandbox ? `embedded sandbox at ${sandbox.url}` : config.console.baseUrl,
    store: store.kind,
  });
  return {
    url,
    eventsUrl: `${url}/slack/events`,
    mode: config.slack.mode,
    signingSecret,
    sandbox,
    emulator,
    playgroundUrl,
    dictionaries,
    splitter,
    store,
    idle: inFlight.idle,
    close,
  };
}

async function resolveDefaultConnection(
  config: Config,
  sandbox: Sandbox | undefined,
): Promise<ConsoleConnection | undefined> {
  // In OAuth mode each workspace connects itself: one token (environment or embedded sandbox) must not
  // serve every workspace that installs the app.
  if (config.slack.mode === 'oauth') return undefined;
  // Only the embedded sandbox is connected by default; a sandbox passed in beside a configured
  // CONSOLE_BASE_URL (tests) is just a platform like any other.
  if (config.sandbox && sandbox) {
    return { baseUrl: sandbox.url, token: await sandbox.issueToken({ name: 'exp-chatops default' }) };
  }
  if (config.console.baseUrl && config.console.token) {
    return { baseUrl: config.console.baseUrl, token: config.console.token };
  }
  return undefined;
}
