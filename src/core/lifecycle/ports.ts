import type { Logger } from '../../observability/logger.js';
import type { Metrics } from '../../observability/metrics.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { Identity } from '../connections.js';
import type { ExperimentView } from '../experiments/knowledge.js';
import type { IntentLog } from '../intents.js';
import type { LifecycleAction } from '../lifecycle-action.js';
import type { LifecycleHooks, LifecycleOutcome, LifecycleRequest } from '../run-action.js';
import type { StopReason } from '../stop-reason.js';
import type { ActionSlots } from './action-slots.js';
import type { ExpiryReminderDeps } from './expiry-reminder.js';

/** How a performed action ended: the platform's outcome, or refused for want of a slot, or crashed. */
export type PerformedKind = LifecycleOutcome['kind'] | 'crashed' | 'busy';

/** `Told` is what the surface reports it said (the Slack layer: the line the channel or person got). */
export interface PerformedAction<Told> {
  kind: PerformedKind;
  told: Told;
  /** Whose token acted, when one did (for the audit trail). */
  identity?: Identity | undefined;
  /** For a failed action: the platform error's kind (timeout, server, validation…). */
  why?: string | undefined;
  /** The action may have been applied (sent, and no answer that says whether): never claimed either way. */
  unknown?: boolean | undefined;
  /**
   * A stored request's run (`storedRequest`): its intent is kept until this is called, once the
   * request's end is written.
   */
  releaseIntent?: (() => Promise<void>) | undefined;
}

/**
 * Where the action was asked from, rendering each outcome for its people. Each method resolves once
 * it has been said; one that throws is treated as a crash of the flow (the action itself stands).
 */
export interface OutcomeTeller<Told> {
  /** What the platform (or the app, before calling it) made of the action. */
  outcome(outcome: LifecycleOutcome): Promise<Told>;
  /** Refused: the process has too many actions in flight; nothing was sent. */
  busy(): Promise<Told>;
  /** The flow threw (a programming error, or telling failed): the person still hears something. */
  crashed(error: unknown): Promise<Told>;
  /** The acting token runs out in `days` whole days. */
  expiringSoon(days: number): Promise<void>;
  /**
   * Settles once what telling left running is done (the experiment's thread remembered). Never
   * rejects; awaited alongside the intent's end and the audit entry instead of before them.
   */
  settled(): Promise<void>;
}

/** A done action, or one whose outcome is unknown, as the experiment's subscribers hear of it. */
interface DoneEvent {
  action: LifecycleAction;
  experimentId: number;
  actorId: string;
  stop?: StopReason | undefined;
  /** Sent, and not answered (or the flow broke after sending): whether it applied is unknown. */
  unknown?: true | undefined;
}

/**
 * Notifies the subscribers of an experiment of a done action (with what the app knows after it), or
 * of one whose outcome is unknown (no view: nothing is known). Never throws (failures are its to report).
 */
type NotifySubscribers = (event: DoneEvent, view: ExperimentView | undefined) => Promise<void>;

/** What the use-case needs, each as narrow as it uses it; the Slack layer builds them per request. */
export interface PerformActionPorts<Told> {
  slots: Pick<ActionSlots, 'tryTake' | 'give'>;
  /** runLifecycleAction over the domain's stores and the platform; `answered` as it takes it. */
  run(request: LifecycleRequest, hooks: LifecycleHooks): Promise<LifecycleOutcome>;
  intents: Pick<IntentLog, 'telling' | 'end'>;
  tell: OutcomeTeller<Told>;
  notifySubscribers: NotifySubscribers;
  audit: Pick<AuditLog, 'record'>;
  expiry: ExpiryReminderDeps;
  logger: Pick<Logger, 'error'>;
  metrics: Pick<Metrics, 'inc'>;
}
