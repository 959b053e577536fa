import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import type { Config } from './config.js';
import { createConsoleAgent } from './console/agent.js';
import { createConsoleClient } from './console/client.js';
import { createDictionaryCache, type DictionaryCache } from './console/dictionaries/cache.js';
import { readJwtClaims } from './console/jwt-claims.js';
import type { ConsoleConnection } from './console/types.js';
import type { Sandbox, SlackEmulator } from './dev/index.js';
import type { PlatformRequestSample } from './http/request-sample.js';
import { createJobQueue } from './jobs/create-job-queue.js';
import { createApprovalStore } from './lifecycle/approvals/approval.js';
import { createAuditLog } from './lifecycle/audit/audit-log.js';
import { createConnectionResolver } from './lifecycle/connections.js';
import { createConsoleLinks } from './lifecycle/experiments/console-links.js';
import type { ExperimentKnowledge } from './lifecycle/experiments/knowledge.js';
import { createReadRouteMemory } from './lifecycle/experiments/read-route.js';
import { createExperimentRecords } from './lifecycle/experiments/record-store.js';
import { seedConfiguredHook } from './lifecycle/hooks/configured-secret.js';
import { createHookStore } from './lifecycle/hooks/hook-store.js';
import { createIntentLog, LEASE_MS } from './lifecycle/intents.js';
import { createPolicyStore } from './lifecycle/policy/policy-store.js';
import { createSubscriptionStore } from './lifecycle/subscriptions.js';
import { type WorkspaceRef, workspaceKey } from './lifecycle/workspace.js';
import { createLogger, type Logger } from './observability/logger.js';
import { createMetrics } from './observability/metrics.js';
import { operationalRoutes } from './observability/operational-routes.js';
import { recordPlatformRequest } from './observability/platform-request-metrics.js';
import { createActorDirectory } from './slack/access/actor.js';
import { type BoltRuntime, createBoltApp } from './slack/app.js';
import { sweepTokenHealth } from './slack/connection/token-health-sweep.js';
import type { SlackDeps } from './slack/deps.js';
import { lifecycleHookRoutes } from './slack/hooks/hook-route.js';
import { createActionSlots } from './slack/lifecycle/action-slots.js';
import { recheckDelay, reportOrphanedActions, SWEEP_INTERVAL_MS } from './slack/lifecycle/orphan-sweep.js';
import { en } from './slack/messages/index.js';
import { createSlackFetch } from './slack/slack-fetch.js';
import { createSlackAgent, createSlackTransport } from './slack/slack-transport.js';
import { type AlertJob, alertJobHandler } from './slack/subscriptions/alert-delivery.js';
import { pollSubscribedExperiments } from './slack/subscriptions/poll-experiments.js';
import { slackResponseUrlOrigins } from './slack/view-seal/response-url-origins.js';
import { createViewSeal } from './slack/view-seal/view-seal.js';
import { createSplitterClient, type SplitterClient } from './splitter/client.js';
import { createStore, type Store } from './store/create-store.js';
import { decryptSecret, encryptSecret, type KeyRing } from './store/crypto.js';
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
  /** Least time between two alerts in one channel (Slack allows about one message per second). */
  alertIntervalMs?: number;
  /** How often platform tokens are checked for expiry and refusal (tests shorten it). */
  tokenHealthIntervalMs?: number;
  /** Overrides POLL_INTERVAL_SECONDS (tests poll faster than its 10 s minimum). */
  pollIntervalMs?: number;
  /** Lifecycle actions one process runs at once before refusing more (default 256). */
  maxActionsInFlight?: number;
  /** Of those, what one workspace may hold (default a quarter of maxActionsInFlight). */
  maxActionsPerWorkspace?: number;
  /** How long a lifecycle command waits before showing "Working on it…" (default 1 s). */
  workingNoteAfterMs?: number;
}

/**
 * Each action in flight holds a platform call (at most CONSOLE_TIMEOUT_MS, twice) and a few KiB; 256
 * keep a slow platform (5 s, bench/) from piling up work and memory without bound while allowing
 * about 50 actions a second. A workspace's share is a quarter (64), beyond which it borrows only
 * while more than 64 stay free: alone on a replica it can use 192, and one whose platform hangs
 * leaves at least 64 to the others (action-slots.ts).
 */
const MAX_ACTIONS_IN_FLIGHT = 256;
// Within a second a person still feels the answer as the reply to what they typed; a start's result
// usually lands in the channel in a tenth of that. Slower, the note says the command was taken.
const WORKING_NOTE_AFTER_MS = 1_000;

const TOKEN_HEALTH_INTERVAL_MS = 60_000;

/** Slack: "1 message per second per channel, short bursts allowed" (chat.postMessage rate limits). */
const ALERT_CHANNEL_INTERVAL_MS = 1_000;

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
  const metrics = createMetrics();
  const playground = config.slack.mode === 'playground';
  const dev = config.sandbox || playground ? await loadDevTooling() : undefined;

  let sandbox = options.sandbox;
  if (config.sandbox && !sandbox && dev) {
    sandbox = await dev.startSandbox({ logger: logger.child({ component: 'sandbox' }) });
    const started = sandbox;
    closers.push(() => started.close());
  }
  if (config.sandboxNotice) {
    logger.warn(
      'ALLOW_SANDBOX: real Slack is connected to the embedded sandbox platform; every message says so',
    );
  }

  const store = await createStore(config.store.url, { logger: logger.child({ component: 'store' }) });
  closers.push(() => store.close());

  // Only where the embedded sandbox is the platform may the key be per process (config enforces it):
  // its tokens live exactly as long as the sandbox that issued them.
  // The ring: the current key seals; old keys (TOKEN_ENCRYPTION_OLD_KEYS) still open until rotated.
  const encryptionKey: KeyRing = {
    current: config.tokenEncryptionKey ?? randomBytes(32),
    old: config.tokenEncryptionOldKeys,
  };
  const vault = createTokenVault({ keyv: store.keyv('connections'), key: encryptionKey, logger });
  // Finds, without changing anything, the connections no configured key opens: /readyz reports them.
  void vault.rotate({ dryRun: true }).then(
    (report) => {
      if (report.unreadable > 0 || report.resealed > 0)
        logger.warn('stored platform connections need attention', {
          unreadable: report.unreadable,
          sealedWithOldKey: report.resealed,
          hint: 'npm run rotate-keys re-seals those an old key opens; unreadable ones must be connected again',
        });
    },
    (error: unknown) => logger.warn('could not scan the stored connections', { error }),
  );
  const dictionaries = createDictionaryCache({
    keyv: store.keyv('dictionaries'),
    ttlMs: config.console.dictionaryTtlSeconds * 1000,
    logger,
  });

  const agent = options.consoleDispatcher ? undefined : createConsoleAgent();
  if (agent) closers.push(() => agent.close());
  const dispatcher = options.consoleDispatcher ?? agent;
  const consoleLogger = logger.child({ component: 'console' });
  const observePlatform = (sample: PlatformRequestSample) => recordPlatformRequest(metrics, sample);
  const makeClient = (connection: ConsoleConnection, scope: string) =>
    createConsoleClient({
      connection,
      dispatcher,
      timeouts: { headersMs: config.console.timeoutMs, bodyMs: config.console.timeoutMs },
      logger: consoleLogger,
      observe: observePlatform,
      // The interface asks clients to drop cached dictionaries on a validation 400.
      onValidationError: () => dictionaries.drop(scope),
    });
  const probeClient = (connection: ConsoleConnection, budgetMs: number) =>
    createConsoleClient({
      connection,
      dispatcher,
      timeouts: { headersMs: budgetMs, bodyMs: budgetMs },
      // One attempt, and never past the budget: the whole check fits Slack's window.
      retry: { attempts: 1, deadlineMs: budgetMs },
      logger: consoleLogger,
      observe: observePlatform,
    });

  const defaultConnection = await resolveDefaultConnection(config, sandbox);
  const connections = createConnectionResolver({
    vault,
    defaultConnection,
    makeClient,
    logger,
    owners: store.keyv('connection-owners'),
  });

  const splitterUrl = config.splitter.url ?? (config.sandbox ? sandbox?.splitterUrl : undefined);
  const splitter = splitterUrl
    ? createSplitterClient({
        baseUrl: splitterUrl,
        token: config.splitter.token,
        source: config.splitter.source ?? 'exp-chatops',
        trailingSlash: config.splitter.trailingSlash,
        logger: logger.child({ component: 'splitter' }),
        observe: observePlatform,
      })
    : undefined;

  let emulator = options.emulator;
  let signingSecret = config.slack.signingSecret;
  let botToken = config.slack.botToken;
  let apiUrl = config.slack.apiUrl;
  if (playground && dev) {
    if (!emulator) {
      emulator = await dev.startSlackEmulator({ logger: logger.child({ component: 'slack-emulator' }) });
      const started = emulator;
      closers.push(() => started.close());
    }
    signingSecret = randomBytes(16).toString('hex');
    botToken = 'xoxb-emulator-token';
    apiUrl = emulator.apiUrl;
  }

  const slackAgent = createSlackAgent();
  closers.push(() => slackAgent.close());
  const slackFetch = createSlackFetch({
    transport: createSlackTransport({ dispatcher: slackAgent }),
    apiUrl,
    metrics,
    sandboxNotice: config.sandboxNotice ? en.sandboxNotice : undefined,
  });
  const knowledge: ExperimentKnowledge = {
    records: createExperimentRecords(store.keyv('experiments'), {
      logger: logger.child({ component: 'experiments' }),
    }),
    transitions: config.transitions,
    readRoute: createReadRouteMemory(store.keyv('read-route')),
    experimentFields: config.experimentFields,
    logger: logger.child({ component: 'experiments' }),
    now: () => new Date(),
  };

  const alerts = await createJobQueue<AlertJob>({
    store,
    storeUrl: config.store.url,
    name: 'alerts',
    logger: logger.child({ component: 'alerts' }),
    options: { laneIntervalMs: options.alertIntervalMs ?? ALERT_CHANNEL_INTERVAL_MS },
    lockMs: config.jobLockMs,
  });
  closers.push(() => alerts.close());

  const deps: SlackDeps = {
    logger: logger.child({ component: 'slack' }),
    alerts,
    actionSlots: createActionSlots(options.maxActionsInFlight ?? MAX_ACTIONS_IN_FLIGHT, {
      ...(options.maxActionsPerWorkspace === undefined
        ? {}
        : { perWorkspace: options.maxActionsPerWorkspace }),
    }),
    workingNoteAfterMs: options.workingNoteAfterMs ?? WORKING_NOTE_AFTER_MS,
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
    probeClient,
    // A remote admin cannot use the sandbox's loopback address: prefill only a configured platform.
    connectPrefillUrl: config.console.baseUrl ?? (playground ? sandbox?.url : undefined),
    sandboxNotice: config.sandboxNotice,
    knowledge,
    consoleLinks: config.consoleWebUrl ? createConsoleLinks(config.consoleWebUrl) : undefined,
    slackFetch,
    policies: createPolicyStore(store.keyv('policies'), {
      logger: logger.child({ component: 'policy' }),
      claim: (key, ttlMs) => store.locks.claim(key, ttlMs),
    }),
    approvals: createApprovalStore({
      keyv: store.keyv('approvals'),
      claim: (key, ttlMs) => store.locks.claim(key, ttlMs),
      ttlMs: config.approvalTtlHours * 60 * 60 * 1000,
      now: () => new Date(),
    }),
    actors: createActorDirectory({
      admins: config.slack.admins,
      // Bound below, once the Bolt app exists; asked only at request time.
      configuredWorkspace: () => configuredWorkspace(),
      logger: logger.child({ component: 'access' }),
    }),
    hooks: createHookStore({
      keyv: store.keyv('hooks'),
      secrets: {
        seal: (plain, aad) => encryptSecret(plain, encryptionKey, aad),
        open: (sealed, aad) => decryptSecret(sealed, encryptionKey, aad),
      },
      now: () => new Date(),
      claim: (key, ttlMs) => store.locks.claim(key, ttlMs),
      // Seeds the configured workspace's hook only; a stored (rotated) secret wins over it.
      configured: config.lifecycleHookSecret
        ? { secret: config.lifecycleHookSecret, workspace: () => configuredWorkspace() }
        : undefined,
    }),
    publicUrl: config.publicUrl,
    intents: createIntentLog({
      keyv: store.keyv('intents'),
      now: () => new Date(),
      // A lifecycle POST is one attempt: headers and body each bounded by the console timeout.
      inFlightMs: config.console.timeoutMs * 2 + 5_000,
      onError: (error) => logger.warn('an intent could not be cleared', { error }),
    }),
    audit: createAuditLog({
      logs: store.logs,
      retentionMs: config.auditRetentionDays * 24 * 60 * 60 * 1000,
      now: () => new Date(),
      logger: logger.child({ component: 'audit' }),
    }),
    // Keyed from the token key ring (its old keys still verify); response_urls only Slack's (the emulator's).
    viewSeal: createViewSeal({
      keys: encryptionKey,
      responseUrlOrigins: slackResponseUrlOrigins(apiUrl),
      now: () => new Date(),
    }),
    now: () => new Date(),
  };

  const routes = operationalRoutes({
    metrics,
    ready: async () => {
      await store.keyv('health').get('probe');
    },
    warnings: () => {
      const unreadable = vault.unreadableCount();
      return unreadable === 0
        ? []
        : [
            `${unreadable} stored platform connection(s) cannot be decrypted with TOKEN_ENCRYPTION_KEY or ` +
              'TOKEN_ENCRYPTION_OLD_KEYS; nothing acts for them until an admin runs /exp connect again',
          ];
    },
  });
  const port = options.port ?? config.port;
  // The hook routes are built before the Bolt app whose clients they alert with: bound late.
  let runtime: BoltRuntime | undefined;
  const installationStore =
    config.slack.mode === 'oauth'
      ? createKeyvInstallationStore(store.keyv('installations'), encryptionKey)
      : undefined;
  let configured: Promise<WorkspaceRef | undefined> | undefined;
  const configuredWorkspace = (): Promise<WorkspaceRef | undefined> => {
    if (config.slack.mode === 'oauth' || !runtime) return Promise.resolve(undefined);
    const client = runtime.app.client;
    configured ??= client.auth.test().then(
      (auth) =>
        auth.team_id ? { teamId: auth.team_id, enterpriseId: auth.enterprise_id || undefined } : undefined,
      (error: unknown) => {
        configured = undefined;
        logger.warn('auth.test failed: the configured workspace is not known yet', { error });
        return undefined;
      },
    );
    return configured;
  };
  /** The bot's client for a workspace outside a listener (hooks, sweeps): its installation's token. */
  const clientFor = async (workspace: WorkspaceRef) => {
    if (!runtime) return undefined;
    if (!installationStore) return runtime.app.client;
    try {
      const installation = await installationStore.fetchInstallation({
        teamId: workspace.teamId,
        enterpriseId: workspace.enterpriseId,
        isEnterpriseInstall: false,
      });
      const token = installation.bot?.token;
      return token ? runtime.clientFor(token) : undefined;
    } catch {
      return undefined;
    }
  };
  const postRoutes = lifecycleHookRoutes(deps, { configuredWorkspace });
  const bolt = createBoltApp(
    {
      mode: config.slack.mode === 'playground' ? 'http' : config.slack.mode,
      signingSecret,
      botToken,
      appToken: config.slack.appToken,
      apiUrl,
      routes,
      postRoutes,
      routesPort: port,
      fetch: slackFetch,
      logger,
      oauth:
        config.slack.mode === 'oauth'
          ? {
              clientId: config.slack.clientId ?? '',
              clientSecret: config.slack.clientSecret ?? '',
              stateSecret: config.slack.stateSecret ?? '',
              installationStore: installationStore as NonNullable<typeof installationStore>,
            }
          : undefined,
    },
    deps,
  );
  runtime = bolt;
  const { inFlight } = bolt;
  const server = await bolt.start(port);
  // Every replica delivers; each alert is run by one of them.
  alerts.start(alertJobHandler({ deps, clientFor }), {
    onGiveUp: (job) => {
      metrics.inc('exp_alerts_total', { outcome: 'given_up' });
      logger.warn('an alert was given up after its last try', { channelId: job.data.channelId });
    },
  });
  // Closers run last-first: stop taking requests, then let the work already acked finish (its
  // replies and store writes) before the store and clients close, within a bound.
  closers.push(() => drain(inFlight, DRAIN_MS, logger));
  closers.push(() => bolt.stop());
  // Actions a killed process left between sending and hearing back: reported now, every minute, and
  // as soon as another process's intent may have become one (its deadline, its owner's lease ending).
  let recheck: NodeJS.Timeout | undefined;
  let sweepsStopped = false;
  const sweep = (): Promise<void> =>
    reportOrphanedActions(deps, clientFor).then(
      ({ reported, recheckAt }) => {
        if (reported > 0) logger.warn('reported interrupted lifecycle actions', { reported });
        const delay = recheckDelay(recheckAt, Date.now());
        if (delay === undefined || recheck || sweepsStopped) return;
        recheck = setTimeout(() => {
          recheck = undefined;
          void sweep();
        }, delay);
        recheck.unref();
      },
      (error: unknown) => logger.warn('could not look for interrupted lifecycle actions', { error }),
    );
  // The lease tells other replicas' sweeps that this process is alive and its intents are not theirs.
  const renewLease = () =>
    deps.intents
      .renewLease()
      .catch((error: unknown) => logger.warn('could not renew the intents lease', { error }));
  await renewLease();
  const leaseRenewer = setInterval(() => void renewLease(), Math.floor(LEASE_MS / 3));
  leaseRenewer.unref();
  const sweeping = sweep();
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  closers.push(async () => {
    sweepsStopped = true;
    clearInterval(sweeper);
    clearTimeout(recheck);
    clearInterval(leaseRenewer);
    await sweeping;
  });
  if (config.lifecycleHookSecret) {
    // LIFECYCLE_HOOK_SECRET seeds the configured workspace's hook (once), or is reported as ignored.
    const workspace = await configuredWorkspace();
    if (workspace)
      await seedConfiguredHook({
        hooks: deps.hooks,
        workspace,
        secret: config.lifecycleHookSecret,
        logger,
        now: new Date(),
      });
  }
  // Token health: once per interval across replicas (the store's claim), each reminder once per token.
  const tokenHealthMs = options.tokenHealthIntervalMs ?? TOKEN_HEALTH_INTERVAL_MS;
  const checkTokens = async () => {
    if (
      !(await store.locks.claim(
        `token-health:sweep:${Math.floor(Date.now() / tokenHealthMs)}`,
        tokenHealthMs,
      ))
    )
      return;
    const workspace = defaultConnection?.token ? await configuredWorkspace() : undefined;
    await sweepTokenHealth({
      deps,
      now: new Date(),
      configured:
        workspace && defaultConnection?.token
          ? {
              workspace,
              baseUrl: defaultConnection.baseUrl,
              expiresAt: readJwtClaims(defaultConnection.token)?.expiresAt,
              tokenKey: createHash('sha256').update(defaultConnection.token).digest('hex').slice(0, 16),
            }
          : undefined,
    });
  };
  const tokenCheck = () =>
    checkTokens().catch((error: unknown) => logger.warn('the token health check failed', { error }));
  const tokenChecking = tokenCheck();
  const tokenChecker = setInterval(() => void tokenCheck(), tokenHealthMs);
  tokenChecker.unref();
  closers.push(async () => {
    clearInterval(tokenChecker);
    await tokenChecking;
  });
  // Polling (POLL_INTERVAL_SECONDS): one replica per interval reads the experiments named by id.
  const pollMs = options.pollIntervalMs ?? config.pollIntervalMs;
  if (pollMs !== undefined) {
    const poll = async () => {
      if (!(await store.locks.claim(`poll:round:${Math.floor(Date.now() / pollMs)}`, pollMs))) return;
      const report = await pollSubscribedExperiments(deps, Math.min(config.console.timeoutMs, pollMs));
      if (report.changed > 0) logger.info('polled experiments changed status', { ...report });
    };
    let polling = Promise.resolve();
    const poller = setInterval(() => {
      polling = poll().catch((error: unknown) => logger.warn('the experiment poll failed', { error }));
    }, pollMs);
    poller.unref();
    closers.push(async () => {
      clearInterval(poller);
      await polling;
    });
  }
  const bound = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${bound}`;

  let playgroundUrl: string | undefined;
  if (playground && dev && emulator && signingSecret) {
    const page = await dev.startPlayground({
      emulator,
      appEventsUrl: `${url}/slack/events`,
      signingSecret,
      unfurlDomains: deps.consoleLinks ? [deps.consoleLinks.domain] : [],
      port: options.playgroundPort ?? config.playgroundPort ?? (port === 0 ? 0 : port + 1),
      logger: logger.child({ component: 'playground' }),
    });
    closers.push(() => page.close());
    playgroundUrl = page.url;
  }

  logger.info(`exp-chatops listening on ${url}`, {
    ...(playgroundUrl ? { playground: playgroundUrl } : {}),
    slackMode: config.slack.mode,
    platform: config.sandbox
      ? `embedded sandbox at ${sandbox?.url}`
      : (config.console.baseUrl ?? 'per workspace (/exp connect)'),
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
    idle: async () => {
      await inFlight.idle();
      await alerts.idle();
    },
    close,
  };
}

/** How long a shutdown waits for acked work to finish before closing the store under it. */
const DRAIN_MS = 10_000;

async function drain(inFlight: { idle(): Promise<void> }, ms: number, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    if ((await Promise.race([inFlight.idle().then(() => 'idle' as const), late])) === 'late') {
      logger.warn('shutting down with work still running', { waitedMs: ms });
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The connection of workspaces that stored none: the embedded sandbox where it is the platform, or
 * CONSOLE_BASE_URL + CONSOLE_API_TOKEN in single-workspace modes. In OAuth mode each workspace connects
 * itself (one token must not serve every workspace that installs the app), unless ALLOW_SANDBOX.
 */
async function resolveDefaultConnection(
  config: Config,
  sandbox: Sandbox | undefined,
): Promise<ConsoleConnection | undefined> {
  if (config.sandbox) {
    if (!sandbox) throw new Error('the embedded sandbox did not start');
    return { baseUrl: sandbox.url, token: await sandbox.issueToken({ name: 'exp-chatops default' }) };
  }
  if (config.slack.mode === 'oauth') return undefined;
  if (config.console.baseUrl && config.console.token) {
    return { baseUrl: config.console.baseUrl, token: config.console.token };
  }
  return undefined;
}
