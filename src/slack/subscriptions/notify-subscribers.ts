import type { webApi } from '@slack/bolt';
import type { ExperimentView } from '../../lifecycle/experiments/knowledge.js';
import type { WorkspaceRef } from '../../lifecycle/workspace.js';
import type { SlackDeps } from '../deps.js';
import { postToExperimentThread } from '../experiment/thread-poster.js';
import { type AlertEvent, alertLine, alertMessage } from './alert-message.js';
import { type AlertDelivery, errorCodeOf, sendAlerts } from './send-alerts.js';

/** Where an action came from: the workspace's Web API client, and the channel already told. */
export interface AlertOrigin {
  client: Pick<webApi.WebClient, 'chat'>;
  channelId: string | undefined;
}

/**
 * Alerts the channels subscribed to the event's action. Called after the reply to the actor, and
 * never throws: a store or Slack failure here must not turn a done action into an error reply.
 */
export async function notifySubscribers(
  deps: SlackDeps,
  workspace: WorkspaceRef,
  origin: AlertOrigin,
  event: AlertEvent,
  /** What the app knows after the event: the alert then joins the experiment's thread in each channel. */
  view?: ExperimentView | undefined,
): Promise<AlertDelivery[]> {
  try {
    const scope = deps.scopeOf(workspace);
    const message = alertMessage({ event, originChannelId: origin.channelId, messages: deps.messages });
    const line = alertLine({ event, originChannelId: origin.channelId, messages: deps.messages });
    return await sendAlerts(deps, {
      scope,
      action: event.action,
      originChannelId: origin.channelId,
      message,
      post: async (channel, alert) => {
        if (!view) {
          await origin.client.chat.postMessage({ channel, text: alert.text, blocks: alert.blocks });
          return;
        }
        // Re-read per channel: each thread parent posted here is remembered in the record.
        const record = (await deps.knowledge.records.get(scope, view.record.experimentId)) ?? view.record;
        await postToExperimentThread(
          {
            records: deps.knowledge.records,
            messages: deps.messages,
            logger: deps.logger,
            linkOf: (id) => deps.consoleLinks?.urlOf(id),
          },
          { client: origin.client, scope, channelId: channel, event: line, view: { ...view, record } },
        );
      },
    });
  } catch (error) {
    deps.metrics.inc('exp_alerts_total', { outcome: 'lookup_failed' });
    deps.logger.error('lifecycle alerts could not be sent', {
      action: event.action,
      experimentId: event.experimentId,
      error: errorCodeOf(error),
    });
    return [];
  }
}
