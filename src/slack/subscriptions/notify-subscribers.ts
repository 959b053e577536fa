import type { webApi } from '@slack/bolt';
import type { WorkspaceRef } from '../../lifecycle/workspace.js';
import type { SlackDeps } from '../deps.js';
import { type AlertEvent, alertMessage } from './alert-message.js';
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
): Promise<AlertDelivery[]> {
  try {
    const message = alertMessage({ event, originChannelId: origin.channelId, messages: deps.messages });
    return await sendAlerts(deps, {
      scope: deps.scopeOf(workspace),
      action: event.action,
      originChannelId: origin.channelId,
      message,
      post: async (channel, alert) => {
        await origin.client.chat.postMessage({ channel, text: alert.text, blocks: alert.blocks });
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
