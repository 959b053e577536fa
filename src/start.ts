import { createClosers, type ShutdownList } from './compose/closers.js';
import {
  playgroundWorkspaces,
  sandboxExperimentHints,
  startDevServices,
  startPlaygroundPage,
} from './compose/dev-services.js';
import { buildDomainServices } from './compose/domain-services.js';
import { buildInfrastructure } from './compose/infrastructure.js';
import { migrateLegacyRequests } from './compose/migrate-requests.js';
import { startPeriodicJobs } from './compose/periodic-jobs.js';
import { buildPlatformClients } from './compose/platform-clients.js';
import { connectSlackEndpoint } from './compose/slack-endpoint.js';
import { startSlackRuntime } from './compose/slack-runtime.js';
import type { StartOptions } from './compose/start-options.js';
import { createWorkspaceClients, type WorkspaceClients } from './compose/workspace-clients.js';
import type { Config } from './config.js';
import type { DictionaryCache } from './console/dictionaries/cache.js';
import { seedConfiguredHook } from './core/hooks/configured-secret.js';
import type { Sandbox, SlackEmulator } from './dev/index.js';
import { createLogger, type Logger } from './observability/logger.js';
import { maskUrl } from './observability/url-secrets.js';
import type { SlackDeps } from './slack/deps.js';
import { createServedWorkspaces } from './slack/served-workspace/served.js';
import type { SplitterClient } from './splitter/client.js';
import type { Store } from './store/create-store.js';

export type { StartOptions } from './compose/start-options.js';

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
  splitter: SplitterClient | undefined;
  store: Store;
  /** Resolves when no listener work is in flight (including work after ack()). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The development tooling, loaded only when the embedded sandbox or the playground is wanted. */
const loadDevTooling = () => import('./dev/index.js');

/** Starts the app: builds every dependency from the config, starts the receivers and the periodic jobs. */
export async function startExpChatops(config: Config, options: StartOptions = {}): Promise<RunningApp> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const closers = createClosers(logger);
  try {
    return await assemble(config, options, logger, closers);
  } catch (error) {
    await closers.closeAll();
    throw error;
  }
}

/** The composition root: each builder takes what the ones before it made. */
async function assemble(
  config: Config,
  options: StartOptions,
  logger: Logger,
  closers: ShutdownList,
): Promise<RunningApp> {
  const dev = config.sandbox || config.slack.mode === 'playground' ? await loadDevTooling() : undefined;
  const devServices = await startDevServices({ config, options, dev, logger, closers });
  const infra = await buildInfrastructure(config, logger, closers);
  const platform = await buildPlatformClients({
    config,
    options,
    infra,
    sandbox: devServices.sandbox,
    logger,
    closers,
  });
  const slack = connectSlackEndpoint({
    config,
    emulator: devServices.emulator,
    metrics: infra.metrics,
    closers,
  });
  const workspaces = createWorkspaceClients({ config, store: infra.store, keyRing: infra.keyRing, logger });
  // Which workspaces the bot token serves: checked for every request, and again when one runs later.
  const served = createServedWorkspaces({
    installation: workspaces.configuredInstallation,
    alsoServed: playgroundWorkspaces(config, dev, devServices.emulator),
  });
  const deps = await buildDomainServices({
    served,
    config,
    options,
    infra,
    platform,
    slack,
    workspaces,
    logger,
    closers,
    // In playground mode the person and the sandbox are on this machine: its URL can prefill /exp connect.
    sandboxUrl: config.slack.mode === 'playground' ? devServices.sandbox?.url : undefined,
    sandboxExperiments: sandboxExperimentHints(config, devServices.sandbox),
  });
  const port = options.port ?? config.port;
  const runtime = await startSlackRuntime({
    ...{ config, port, infra, deps, slack, workspaces, logger, closers },
    served,
  });
  const { defaultConnection } = platform;
  const { store } = infra;
  await startBackgroundWork({ config, options, deps, workspaces, defaultConnection, store, logger, closers });
  const playgroundUrl = await startPlaygroundPage({
    config,
    dev,
    emulator: devServices.emulator,
    signingSecret: slack.signingSecret,
    appUrl: runtime.url,
    appPort: port,
    port: options.playgroundPort,
    logger,
    closers,
    unfurlDomains: deps.consoleLinks ? [deps.consoleLinks.domain] : [],
  });
  announce(logger, config, { url: runtime.url, playgroundUrl, sandbox: devServices.sandbox, store });
  return {
    url: runtime.url,
    eventsUrl: `${runtime.url}/slack/events`,
    mode: config.slack.mode,
    signingSecret: slack.signingSecret,
    ...devServices,
    playgroundUrl,
    dictionaries: platform.dictionaries,
    splitter: platform.splitter,
    store: infra.store,
    idle: async () => {
      await runtime.inFlight.idle();
      await deps.alerts.idle();
    },
    close: () => closers.closeAll(),
  };
}

/**
 * What a replica does beside answering Slack: requests an earlier version stored carried over (what
 * fails is tried at the next start), the periodic jobs started, the configured hook seeded.
 */
async function startBackgroundWork(input: Parameters<typeof startPeriodicJobs>[0]): Promise<void> {
  const { store, deps, logger } = input;
  await migrateLegacyRequests({ store, requests: deps.requests, logger }).catch((error: unknown) =>
    logger.warn(
      'requests of an earlier version could not be carried over; they are tried at the next start',
      { error },
    ),
  );
  await startPeriodicJobs(input);
  await seedHookFromConfig(input.config, deps, input.workspaces, logger);
}

/** LIFECYCLE_HOOK_SECRET seeds the configured workspace's hook (once), or is reported as ignored. */
async function seedHookFromConfig(
  config: Config,
  deps: SlackDeps,
  workspaces: WorkspaceClients,
  logger: Logger,
): Promise<void> {
  if (!config.lifecycleHookSecret) return;
  const workspace = await workspaces.configuredWorkspace();
  if (!workspace) return;
  await seedConfiguredHook({
    hooks: deps.hooks,
    workspace,
    secret: config.lifecycleHookSecret,
    logger,
    now: new Date(),
  });
}

/** The one line an operator reads first: where the app listens, and on what. */
function announce(
  logger: Logger,
  config: Config,
  at: { url: string; playgroundUrl: string | undefined; sandbox: Sandbox | undefined; store: Store },
): void {
  logger.info(`exp-chatops listening on ${at.url}`, {
    ...(at.playgroundUrl ? { playground: at.playgroundUrl } : {}),
    slackMode: config.slack.mode,
    platform: config.sandbox
      ? `embedded sandbox at ${at.sandbox?.url}`
      : config.console.baseUrl === undefined
        ? 'per workspace (/exp connect)'
        : maskUrl(config.console.baseUrl),
    store: at.store.kind,
  });
}
