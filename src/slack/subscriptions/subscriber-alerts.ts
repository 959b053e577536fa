import type { ExperimentView } from '../../core/experiments/knowledge.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { AlertEvent } from './alert-message.js';

/** Where an action came from: the channel already told by the reply to the actor. */
export interface AlertOrigin {
  channelId: string | undefined;
}

type Notify = (
  workspace: WorkspaceRef,
  origin: AlertOrigin,
  event: AlertEvent,
  /** What the app knows after the event: the alert then joins the experiment's thread in each channel. */
  view?: ExperimentView | undefined,
  /** Names the event for the queue's de-duplication (an inbound event's id); a fresh one otherwise. */
  eventKey?: string,
) => Promise<number>;

/**
 * The experiment's subscribed channels hear of its events: built once for the process (compose), so
 * a feature that alerts takes this one service rather than the stores and the queue behind it.
 */
export interface SubscriberAlerts {
  /** One alert queued per matching channel; never throws (logged and counted). How many were queued. */
  notify: Notify;
  /** As notify, throwing when the subscriptions cannot be read or the alerts queued (a hook's 503). */
  queue: Notify;
}
