import { SlackPayloadError } from '../payload.js';

/** `/exp subscribe|unsubscribe|subscriptions` replies and the alerts posted in subscribed channels. */
export const SUBSCRIPTION_BLOCKS = {
  note: 'exp_subscription_note',
  header: 'exp_subscription_header',
  /** One section per listed subscription: `exp_subscription_list_0`, `_1`… */
  listPrefix: 'exp_subscription_list_',
  hint: 'exp_subscription_hint',
  alertSummary: 'exp_alert_summary',
  alertFooter: 'exp_alert_footer',
} as const;

export const SUBSCRIPTION_ACTIONS = {
  remove: 'exp_subscription_remove',
} as const;

// A channel, or a person's own follows (their user id: the alerts go to their DMs).
const REMOVE_VALUE = /^([CGUW][A-Z0-9]{1,30}):([0-9a-f]{12})$/;

/** The Remove button's value: the channel and the subscription id (selectorId), nothing else. */
export function encodeRemoveValue(channelId: string, id: string): string {
  return `${channelId}:${id}`;
}

export function decodeRemoveValue(value: string): { channelId: string; id: string } {
  const match = REMOVE_VALUE.exec(value);
  if (!match?.[1] || !match[2]) throw new SlackPayloadError('button value', 'invalid');
  return { channelId: match[1], id: match[2] };
}
