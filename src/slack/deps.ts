import type { Keyv } from 'keyv';
import type { DictionaryCache } from '../console/dictionaries/cache.js';
import type { ChannelAlertsStore } from '../core/alerts/channel-alerts.js';
import type { AuditLog } from '../core/audit/audit-log.js';
import type { TokenVault } from '../core/connection-vault.js';
import type { ConnectionResolver } from '../core/connections.js';
import type { FieldMapping } from '../core/experiment-fields.js';
import type { ConsoleLinks } from '../core/experiments/console-links.js';
import type { ExperimentKnowledge } from '../core/experiments/knowledge.js';
import type { HookStore } from '../core/hooks/hook-store.js';
import type { IntentLog } from '../core/intents.js';
import type { ActionSlots } from '../core/lifecycle/action-slots.js';
import type { PolicyStore } from '../core/policy/policy-store.js';
import type { RequestStore } from '../core/requests/request-store.js';
import type { SubscriptionStore } from '../core/subscriptions.js';
import type { WorkspaceRef } from '../core/workspace.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { FetchLike } from '../observability/slack-api-calls.js';
import type { SplitterClient } from '../splitter/client.js';
import type { OnceGuard } from '../store/create-store.js';
import type { ActorDirectory } from './access/actor.js';
import type { ChannelMembers } from './access/channel-members.js';
import type { ConnectionService } from './connection/connection-service.js';
import type { HomeTab } from './home/home-tab.js';
import type { LifecycleService } from './lifecycle/lifecycle-service.js';
import type { LanguageStore } from './locale/language-store.js';
import type { LocaleResolver } from './locale/request-scope.js';
import type { Speaking } from './locale/scope.js';
import type { AskingService } from './requests/asking-service.js';
import type { AlertJob } from './subscriptions/alert-job.js';
import type { SubscriberAlerts } from './subscriptions/subscriber-alerts.js';
import type { ViewSeal } from './view-seal/view-seal.js';

/** An experiment the embedded sandbox holds, as a newcomer could try it. */
export interface SandboxExperimentHint {
  experimentId: number;
  name: string;
  status: string;
}

// What a Slack listener is built with comes in three shapes of three lifetimes: the process's
// services (built once in src/compose), the configuration it was started with, and the language
// of the request, job or sweep at hand (locale/scope.ts: the catalogue and the languages it was
// chosen from). What one request's middleware hands on to its handler is its RequestScope
// (request-scope.ts).

/** The process's stores, clients and clocks: built once in src/compose, shared by every request. */
export interface AppServices {
  /** Performs lifecycle actions and tells their outcomes: the one path every trigger takes. */
  lifecycle: LifecycleService;
  /** Alerts an experiment's event to the channels subscribed to it (queued, paced, once). */
  subscriberAlerts: SubscriberAlerts;
  /** Asks for an action as every surface does (decided in full, run, scheduled or sent for approval). */
  asking: AskingService;
  /** Publishes a person's Home tab (when they open it and when what it shows changes). */
  homeTab: HomeTab;
  /** Makes a workspace's, channel's or person's platform connection; forgets a workspace at uninstall. */
  connecting: ConnectionService;
  logger: Logger;
  /** Who chose which language (`/exp language`). */
  languages: LanguageStore;
  /** A request's languages: its person's and its workspace's. */
  locales: LocaleResolver;
  connections: ConnectionResolver;
  vault: TokenVault;
  dictionaries: DictionaryCache;
  /** undefined when no splitter is configured: splitter commands then say so. */
  splitter: SplitterClient | undefined;
  /** Short-lived modal state too large for private_metadata (an edit's original values). */
  drafts: Keyv;
  /** Alerts waiting for delivery: durable, in order and paced per channel, run by one replica each. */
  alerts: JobQueue<AlertJob>;
  /** Which channels get lifecycle alerts, per workspace scope. */
  subscriptions: SubscriptionStore;
  /** Each channel's quiet hours, digest and held alerts. */
  channelAlerts: ChannelAlertsStore;
  /** The dictionary-cache scope of a workspace (its key in the vault). */
  scopeOf: (workspace: WorkspaceRef) => string;
  locks: OnceGuard;
  metrics: Metrics;
  /** The embedded sandbox's experiments, to name in an empty `/exp list`; undefined on a real platform. */
  sandboxExperiments: (() => readonly SandboxExperimentHint[]) | undefined;
  /** What the app knows of experiments: records, the transition table, the read route. */
  knowledge: ExperimentKnowledge;
  /** Lifecycle actions running at once in this process: beyond the bound they are refused, not queued. */
  actionSlots: ActionSlots;
  /** Lifecycle actions sent and not yet answered (reported as outcome unknown if a process dies). */
  intents: IntentLog;
  /** Each workspace's inbound lifecycle hook (id and secret). */
  hooks: HookStore;
  /** Links to experiments in the platform's web console (CONSOLE_WEB_URL); undefined: none. */
  consoleLinks: ConsoleLinks | undefined;
  /** The fetch Bolt's clients use (metrics, sandbox notice): for response_urls kept past a payload. */
  slackFetch: FetchLike;
  /** Each workspace's policy: who may do what (and whether a stop must name its reason). */
  policies: PolicyStore;
  /** The people acting, as Slack knows them (admin, guest, other organisation, user groups). */
  actors: ActorDirectory;
  /** Requests to act that wait (for approval or their time), until they run or end. */
  requests: RequestStore;
  /** Whether a person is in a channel (for requests nobody vouched for by acting there). */
  channelMembers: ChannelMembers;
  /** Whether the app's token serves a workspace (single-workspace installs serve one). */
  serves: (workspace: WorkspaceRef) => Promise<'same' | 'other' | 'unknown'>;
  /** Every attempt to act, allowed or refused, and what came of it (never a token). */
  audit: AuditLog;
  /** Seals the private_metadata of every view the app opens to its person and purpose; checks it back. */
  viewSeal: ViewSeal;
  now: () => Date;
}

/** What the app was configured with (config.ts), as the features read it. */
export interface AppConfig {
  /** Payload field names for create/edit. */
  experimentFields: FieldMapping;
  adminUserIds: readonly string[];
  /** Prefills the connect modal: the configured platform (never the embedded sandbox's local URL). */
  connectPrefillUrl: string | undefined;
  /** Real Slack on the embedded sandbox (ALLOW_SANDBOX): every message says so. */
  sandboxNotice: boolean;
  /** A slash command's "Working on it…" note appears only when its outcome takes longer than this. */
  workingNoteAfterMs: number;
  /** The app's public base URL (PUBLIC_URL), for the hook address `/exp hooks` shows; undefined: unknown. */
  publicUrl: string | undefined;
  /** How long an approval asked for now stays valid (APPROVAL_TTL_HOURS). */
  approvalTtlMs: number;
}

/** Everything the Slack listeners need, passed in so each handler can be tested with its own. */
export type SlackDeps = AppServices & AppConfig & Speaking;
