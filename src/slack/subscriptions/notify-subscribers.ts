import { randomUUID } from 'node:crypto';
import { isQuietAt } from '../../core/alerts/quiet-hours.js';
import type { ExperimentView } from '../../core/experiments/knowledge.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';
import type { AlertJob } from './alert-job.js';
import type { AlertEvent } from './alert-message.js';
import { errorCodeOf } from './alert-outcomes.js';
import type { AlertOrigin, SubscriberAlerts } from './subscriber-alerts.js';

export type NotifySubscribersDeps = Pick<
  SlackDeps,
  'alerts' | 'channelAlerts' | 'logger' | 'metrics' | 'scopeOf' | 'subscriptions'
>;

export function createSubscriberAlerts(deps: NotifySubscribersDeps): SubscriberAlerts {
  return {
    notify: (...args) => notifySubscribers(deps, ...args),
    queue: (...args) => queueSubscriberAlerts(deps, ...args),
  };
}

/**
 * Queues one alert per channel with a matching subscription; the queue delivers them (in order per
 * channel, paced, retried, across restarts). Called after the reply to the actor, and never throws:
 * a store failure here must not turn a done action into an error reply. Returns how many were queued.
 */
async function notifySubscribers(
  deps: NotifySubscribersDeps,
  workspace: WorkspaceRef,
  origin: AlertOrigin,
  event: AlertEvent,
  /** What the app knows after the event: the alert then joins the experiment's thread in each channel. */
  view?: ExperimentView | undefined,
  /** Names the event for the queue's de-duplication (an inbound event's id); a fresh one otherwise. */
  eventKey?: string,
): Promise<number> {
  try {
    return await queueSubscriberAlerts(deps, workspace, origin, event, view, eventKey);
  } catch (error) {
    deps.metrics.inc('exp_alerts_total', { outcome: 'lookup_failed' });
    deps.logger.error('lifecycle alerts could not be queued', {
      action: event.action,
      experimentId: event.experimentId,
      error: errorCodeOf(error),
    });
    return 0;
  }
}

/**
 * notifySubscribers, throwing when the subscriptions cannot be read or the alerts queued: for a
 * caller that can still answer "retry" (the inbound hook's 503), rather than lose the alerts.
 */
async function queueSubscriberAlerts(
  deps: Pick<SlackDeps, 'alerts' | 'channelAlerts' | 'scopeOf' | 'subscriptions'>,
  workspace: WorkspaceRef,
  origin: AlertOrigin,
  event: AlertEvent,
  view?: ExperimentView | undefined,
  eventKey?: string,
): Promise<number> {
  const scope = deps.scopeOf(workspace);
  const record = view?.record;
  const matches = (
    await deps.subscriptions.matching(scope, event.action, {
      experimentId: event.experimentId,
      team: record?.team?.value,
      type: record?.type?.value,
    })
  )
    // The origin already has the result, and a person is not told by DM of what they did themselves.
    .filter((m) => m.channelId !== origin.channelId && m.channelId !== event.actorId);
  const key = eventKey ?? randomUUID();
  // Delivery may come later (pacing, retries, a restart): the alert says when it happened.
  const stamped: AlertEvent = { ...event, at: event.at ?? new Date().toISOString() };
  const jobs = matches.map((m) => ({
    id: `${key}:${m.channelId}`,
    lane: `${scope}:${m.channelId}`,
    data: {
      workspace: { teamId: workspace.teamId, enterpriseId: workspace.enterpriseId },
      scope,
      channelId: m.channelId,
      event: stamped,
      originChannelId: origin.channelId,
      threaded: view !== undefined,
      subscribedBy: m.subscribedBy,
    } satisfies AlertJob,
  }));
  const now = deps.channelAlerts.now();
  // An action whose outcome is unknown is urgent: never held.
  const urgent = 'unknown' in stamped && stamped.unknown !== undefined;
  const quiet = await Promise.all(jobs.map((job) => !urgent && heldInQuietHours(deps, job.data, now)));
  await deps.alerts.enqueue(jobs.filter((_, i) => !quiet[i]));
  return matches.length;
}

/**
 * An alert for a channel in its quiet hours is held, to be posted with the others in one summary
 * when they end (src/slack/digest/rhythm-sweep.ts). Only experiment alerts come here, and not an
 * action whose outcome is unknown: those and operational notices (a token refused or expiring) are
 * never held.
 */
async function heldInQuietHours(
  deps: Pick<SlackDeps, 'channelAlerts'>,
  job: AlertJob,
  now: number,
): Promise<boolean> {
  const ref = { scope: job.scope, channelId: job.channelId };
  const { quiet } = await deps.channelAlerts.get(ref);
  if (!quiet || !isQuietAt(quiet, now)) return false;
  await deps.channelAlerts.hold(ref, { event: job, at: now });
  return true;
}
