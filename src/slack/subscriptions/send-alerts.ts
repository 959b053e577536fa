import type { AlertAction, SubscriptionStore } from '../../lifecycle/subscriptions.js';
import type { Logger } from '../../observability/logger.js';
import type { Metrics } from '../../observability/metrics.js';
import type { SlackMessage } from '../blocks/message.js';

/** Posts one message in one channel (chat.postMessage with the workspace's bot token); throws on failure. */
export type AlertPoster = (channelId: string, message: SlackMessage) => Promise<void>;

/** Metric label and log value of one delivery; a closed set so the metric's cardinality stays fixed. */
export type AlertOutcome =
  | 'sent'
  | 'not_in_channel'
  | 'channel_not_found'
  | 'is_archived'
  | 'ratelimited'
  | 'invalid_blocks'
  | 'failed';

const NAMED_OUTCOMES: ReadonlySet<string> = new Set<AlertOutcome>([
  'not_in_channel',
  'channel_not_found',
  'is_archived',
  'ratelimited',
  'invalid_blocks',
]);

/** The channel is gone for good: its subscription is dropped instead of failing on every alert. */
const GONE: ReadonlySet<AlertOutcome> = new Set<AlertOutcome>(['channel_not_found', 'is_archived']);

export interface AlertDelivery {
  channelId: string;
  outcome: AlertOutcome;
  /** Slack's error code (or the client's), for the log; never the request or its token. */
  error?: string | undefined;
}

export interface AlertSenderDeps {
  subscriptions: SubscriptionStore;
  logger: Logger;
  metrics: Metrics;
}

export interface SendAlertsInput {
  scope: string;
  action: AlertAction | 'status';
  /** Already told by the reply to the actor: never alerted a second time. */
  originChannelId: string | undefined;
  message: SlackMessage;
  post: AlertPoster;
}

/**
 * Posts the alert in every channel subscribed to the action, all at once and all awaited: one
 * failing channel neither stops nor delays the others past the slowest. Each failure is logged and
 * counted; a channel that no longer exists or is archived is unsubscribed.
 */
export async function sendAlerts(deps: AlertSenderDeps, input: SendAlertsInput): Promise<AlertDelivery[]> {
  const { subscriptions, logger, metrics } = deps;
  const { scope, action } = input;
  const channels = (await subscriptions.channelsFor(scope, action)).filter(
    (channelId) => channelId !== input.originChannelId,
  );
  const settled = await Promise.allSettled(
    channels.map(async (channelId) => input.post(channelId, input.message)),
  );
  const deliveries = settled.map((result, i): AlertDelivery => {
    const channelId = channels[i] ?? '';
    if (result.status === 'fulfilled') return { channelId, outcome: 'sent' };
    const error = errorCodeOf(result.reason);
    return { channelId, outcome: outcomeOf(error), error };
  });
  for (const delivery of deliveries) {
    metrics.inc('exp_alerts_total', { outcome: delivery.outcome });
    if (delivery.outcome !== 'sent') {
      logger.warn('alert not delivered', {
        scope,
        action,
        channelId: delivery.channelId,
        error: delivery.error,
      });
    }
  }
  // One at a time: each removal rewrites the scope's index, and they would only race each other.
  for (const delivery of deliveries.filter((d) => GONE.has(d.outcome))) {
    try {
      await subscriptions.unsubscribe(scope, delivery.channelId);
      logger.info('subscription dropped: the channel is gone', {
        scope,
        channelId: delivery.channelId,
        reason: delivery.outcome,
      });
    } catch (error) {
      logger.error('could not drop the subscription of a gone channel', {
        scope,
        channelId: delivery.channelId,
        error: errorCodeOf(error),
      });
    }
  }
  return deliveries;
}

/**
 * Slack's error code from a Web API client error (`data.error`), the client's own code for rate
 * limits and transport failures, else the error's name. Never the error itself: request errors
 * can carry the request's configuration, headers included.
 */
export function errorCodeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown_error';
  const { code, data, name } = error as { code?: unknown; data?: { error?: unknown }; name?: unknown };
  if (code === 'slack_webapi_rate_limited_error') return 'ratelimited';
  if (typeof data?.error === 'string') return data.error.slice(0, 100);
  if (typeof code === 'string') return code.slice(0, 100);
  return typeof name === 'string' ? name.slice(0, 100) : 'unknown_error';
}

function outcomeOf(error: string): AlertOutcome {
  return NAMED_OUTCOMES.has(error) ? (error as AlertOutcome) : 'failed';
}
