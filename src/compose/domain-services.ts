import type { Config } from '../config.js';
import { createChannelAlertsStore } from '../core/alerts/channel-alerts.js';
import { createAuditLog } from '../core/audit/audit-log.js';
import { createConsoleLinks } from '../core/experiments/console-links.js';
import type { ExperimentKnowledge } from '../core/experiments/knowledge.js';
import { createReadRouteMemory } from '../core/experiments/read-route.js';
import { createExperimentRecords } from '../core/experiments/record-store.js';
import { createHookStore } from '../core/hooks/hook-store.js';
import { createIntentLog, INTENT_NAMESPACE } from '../core/intents.js';
import { createActionSlots } from '../core/lifecycle/action-slots.js';
import { createPolicyStore } from '../core/policy/policy-store.js';
import { createRequestStore } from '../core/requests/request-store.js';
import { createSubscriptionStore } from '../core/subscriptions.js';
import { workspaceKey } from '../core/workspace.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Logger } from '../observability/logger.js';
import { createActorDirectory } from '../slack/access/actor.js';
import { createChannelMembers } from '../slack/access/channel-members.js';
import { createConnectionService } from '../slack/connection/connection-service.js';
import type { AppConfig, AppServices, SlackDeps } from '../slack/deps.js';
import { createHomeTab } from '../slack/home/publish-home.js';
import { createLifecycleService } from '../slack/lifecycle/perform.js';
import { createLanguageStore } from '../slack/locale/language-store.js';
import { createLocaleResolver } from '../slack/locale/request-scope.js';
import { DEFAULT_SCOPE } from '../slack/locale/scope.js';
import { createSlackLocales } from '../slack/locale/slack-locale.js';
import { en } from '../slack/messages/index.js';
import { createAskingService } from '../slack/requests/ask.js';
import type { ServedWorkspaces } from '../slack/served-workspace/served.js';
import type { AlertJob } from '../slack/subscriptions/alert-delivery.js';
import { createSubscriberAlerts } from '../slack/subscriptions/notify-subscribers.js';
import { slackResponseUrlOrigins } from '../slack/view-seal/response-url-origins.js';
import { createViewSeal } from '../slack/view-seal/view-seal.js';
import { listedValues, storedValues } from '../store/conditional-update.js';
import { decryptSecret, encryptSecret } from '../store/crypto.js';
import type { Closers } from './closers.js';
import type { Infrastructure } from './infrastructure.js';
import type { PlatformClients } from './platform-clients.js';
import type { SlackEndpoint } from './slack-endpoint.js';
import type { StartOptions } from './start-options.js';
import type { WorkspaceClients } from './workspace-clients.js';

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
/** Slack: "1 message per second per channel, short bursts allowed" (chat.postMessage rate limits). */
const ALERT_CHANNEL_INTERVAL_MS = 1_000;

export interface DomainServicesInput {
  config: Config;
  options: StartOptions;
  infra: Infrastructure;
  platform: PlatformClients;
  slack: SlackEndpoint;
  workspaces: WorkspaceClients;
  /** Which workspaces the bot token serves (single-workspace modes). */
  served: ServedWorkspaces;
  /** The embedded sandbox's URL in playground mode (prefills the connect modal). */
  sandboxUrl: string | undefined;
  /** The embedded sandbox's experiments when it is the platform (named by an empty `/exp list`). */
  sandboxExperiments: AppServices['sandboxExperiments'];
  logger: Logger;
  closers: Closers;
}

/**
 * Everything the Slack features use: the process's services, its configuration, and English
 * outside any request (each request, job and sweep speaks its own: slack/locale/scope.ts).
 */
export async function buildDomainServices(input: DomainServicesInput): Promise<SlackDeps> {
  const stores = await appServices(input);
  const subscriberAlerts = createSubscriberAlerts(stores);
  const lifecycle = createLifecycleService({ ...stores, subscriberAlerts });
  const config = appConfig(input);
  const asking = createAskingService({ ...stores, approvalTtlMs: config.approvalTtlMs });
  const connecting = createConnectionService({
    ...stores,
    probeClient: input.platform.probeClient,
    readTokenClaims: input.platform.readTokenClaims,
  });
  const homeTab = createHomeTab({ ...stores, publicUrl: config.publicUrl });
  const services = { ...stores, subscriberAlerts, lifecycle, asking, connecting, homeTab };
  return { ...services, ...config, messages: en, locale: DEFAULT_SCOPE };
}

/** The configuration as the features read it. */
function appConfig(input: DomainServicesInput): AppConfig {
  const { config, options } = input;
  return {
    workingNoteAfterMs: options.workingNoteAfterMs ?? WORKING_NOTE_AFTER_MS,
    experimentFields: config.experimentFields,
    adminUserIds: config.slack.adminUserIds,
    // A remote admin cannot use the sandbox's loopback address: prefill only a configured platform.
    connectPrefillUrl: config.console.baseUrl ?? input.sandboxUrl,
    sandboxNotice: config.sandboxNotice,
    publicUrl: config.publicUrl,
    approvalTtlMs: config.approvalTtlHours * 60 * 60 * 1000,
  };
}

/** The services built on the stores (each given the stores it uses). */
type BuiltOnStores = 'lifecycle' | 'subscriberAlerts' | 'asking' | 'connecting' | 'homeTab';

/** The domain's stores and services, the clients, the limits: built once for the process. */
async function appServices(input: DomainServicesInput): Promise<Omit<AppServices, BuiltOnStores>> {
  const { config, options, infra, platform, slack } = input;
  const { store, metrics } = infra;
  const languages = createLanguageStore(store.keyv('languages'));
  const domain = lifecycleServices(input);
  return {
    ...domain,
    logger: input.logger.child({ component: 'slack' }),
    alerts: await alertQueue(input),
    actionSlots: createActionSlots(options.maxActionsInFlight ?? MAX_ACTIONS_IN_FLIGHT, {
      ...(options.maxActionsPerWorkspace === undefined
        ? {}
        : { perWorkspace: options.maxActionsPerWorkspace }),
    }),
    languages,
    locales: createLocaleResolver({
      languages,
      slackLocales: createSlackLocales({ lookUp: domain.actors.person }),
      logger: input.logger,
    }),
    connections: platform.connections,
    vault: infra.vault,
    dictionaries: platform.dictionaries,
    splitter: platform.splitter,
    drafts: store.keyv('drafts'),
    scopeOf: (workspace) => workspaceKey({ teamId: workspace.teamId, enterpriseId: workspace.enterpriseId }),
    locks: store.locks,
    metrics,
    sandboxExperiments: input.sandboxExperiments,
    consoleLinks: config.consoleWebUrl ? createConsoleLinks(config.consoleWebUrl) : undefined,
    slackFetch: slack.fetch,
    // Keyed from the token key ring (its old keys still verify); response_urls only Slack's (the emulator's).
    requests: createRequestStore({
      stored: storedValues(store, 'requests'),
      // The clock due requests are measured with: tests move it instead of waiting an hour.
      now: options.scheduleClock ?? (() => new Date()),
      runningStaleMs: config.requestRunningStaleMs,
      onIndexError: (error) =>
        input.logger.warn('a request index was not written; the due pass mends it', { error }),
    }),
    channelMembers: createChannelMembers({ logger: input.logger.child({ component: 'access' }) }),
    serves: servedBy(input),
    viewSeal: createViewSeal({
      keys: infra.keyRing,
      responseUrlOrigins: slackResponseUrlOrigins(slack.apiUrl),
      now: () => new Date(),
    }),
    now: () => new Date(),
  };
}

/**
 * Whether the app's token serves a workspace: in OAuth mode each workspace acts with its own
 * installation's token (one without is never reached); a single-workspace token serves the
 * workspace auth.test names.
 */
function servedBy(input: DomainServicesInput): AppServices['serves'] {
  if (input.config.slack.mode === 'oauth') return async () => 'same';
  return async (workspace) => {
    const served = await input.served.check(workspace);
    return served === 'served' ? 'same' : served;
  };
}

/** Alerts waiting for delivery: durable, in order and paced per channel, run by one replica each. */
async function alertQueue(input: DomainServicesInput): Promise<JobQueue<AlertJob>> {
  const alerts = await createJobQueue<AlertJob>({
    store: input.infra.store,
    storeUrl: input.config.store.url,
    name: 'alerts',
    logger: input.logger.child({ component: 'alerts' }),
    options: { laneIntervalMs: input.options.alertIntervalMs ?? ALERT_CHANNEL_INTERVAL_MS },
    lockMs: input.config.jobLockMs,
  });
  input.closers.push(() => alerts.close());
  return alerts;
}

type LifecycleServices = Pick<
  AppServices,
  'knowledge' | 'subscriptions' | 'channelAlerts' | 'policies' | 'actors' | 'hooks' | 'intents' | 'audit'
>;

/** The domain's stores: experiments known, policy, approvals, hooks, the intent journal, the audit log. */
function lifecycleServices(input: DomainServicesInput): LifecycleServices {
  const { config, infra, logger, workspaces } = input;
  const { store, keyRing } = infra;
  const claim = (key: string, ttlMs: number) => store.locks.claim(key, ttlMs);
  const now = () => new Date();
  return {
    knowledge: experimentKnowledge(input),
    subscriptions: createSubscriptionStore(storedValues(store, 'subscriptions'), {
      logger: logger.child({ component: 'subscriptions' }),
    }),
    channelAlerts: createChannelAlertsStore(storedValues(store, 'channel-alerts'), {
      now: input.options.scheduleClock,
    }),
    policies: createPolicyStore(store.keyv('policies'), {
      logger: logger.child({ component: 'policy' }),
      claim,
    }),
    actors: createActorDirectory({
      admins: config.slack.admins,
      configuredWorkspace: workspaces.configuredWorkspace,
      logger: logger.child({ component: 'access' }),
    }),
    hooks: createHookStore({
      keyv: store.keyv('hooks'),
      secrets: {
        seal: (plain, aad) => encryptSecret(plain, keyRing, aad),
        open: (sealed, aad) => decryptSecret(sealed, keyRing, aad),
      },
      now,
      claim,
      // Seeds the configured workspace's hook only; a stored (rotated) secret wins over it.
      configured: config.lifecycleHookSecret
        ? { secret: config.lifecycleHookSecret, workspace: workspaces.configuredWorkspace }
        : undefined,
    }),
    intents: createIntentLog({
      keyv: store.keyv(INTENT_NAMESPACE),
      now,
      // A lifecycle POST is one attempt: headers and body each bounded by the console timeout.
      inFlightMs: config.console.timeoutMs * 2 + 5_000,
      onError: (error) => logger.warn('an intent could not be cleared', { error }),
    }),
    audit: createAuditLog({
      logs: store.logs,
      retentionMs: config.auditRetentionDays * 24 * 60 * 60 * 1000,
      now,
      logger: logger.child({ component: 'audit' }),
    }),
  };
}

/** What the app knows of experiments: records, the transition table, the read route. */
function experimentKnowledge(input: DomainServicesInput): ExperimentKnowledge {
  const { config, infra, logger } = input;
  return {
    records: createExperimentRecords(listedValues(infra.store, 'experiments'), {
      logger: logger.child({ component: 'experiments' }),
    }),
    transitions: config.transitions,
    readRoute: createReadRouteMemory(),
    experimentFields: config.experimentFields,
    logger: logger.child({ component: 'experiments' }),
    now: () => new Date(),
  };
}
