import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { SubscriberAlerts } from './subscriber-alerts.js';

/** An action whose process stopped after it may have sent it, as the sweep or the due pass finds it. */
export interface InterruptedAction {
  workspace: WorkspaceRef;
  action: LifecycleAction;
  experimentId: number;
  actorId: string;
  /** Where it was asked: told there already, so not alerted. */
  channelId: string | undefined;
  scheduledBy?: string | undefined;
  /** When it was asked (ISO): the alert may be told well after. */
  at: string;
  /**
   * Names the run: its stored request's id when it has one, else its intent's. The orphan sweep and
   * the due pass both report a request's run, and a report may be made again (a replica cut before
   * it ended the intent, an ending told again): the alert queue takes one job per key and channel.
   */
  key: string;
}

/**
 * The experiment's subscribers hear that an action interrupted by its process stopping has an
 * unknown outcome, as they hear of one the platform did not answer (never held in quiet hours).
 * Never throws (the service logs its failures).
 */
export async function notifyInterrupted(
  deps: { subscriberAlerts: SubscriberAlerts },
  interrupted: InterruptedAction,
): Promise<void> {
  const { workspace, action, experimentId, actorId, channelId, scheduledBy, at, key } = interrupted;
  const scheduled = scheduledBy === undefined ? {} : { scheduledBy };
  const event = { action, experimentId, actorId, at, unknown: 'app-stopped' as const, ...scheduled };
  await deps.subscriberAlerts.notify(workspace, { channelId }, event, undefined, `outcome-unknown:${key}`);
}
