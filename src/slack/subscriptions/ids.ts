/** `/exp subscribe|unsubscribe|subscriptions` replies and the alerts posted in subscribed channels. */
export const SUBSCRIPTION_BLOCKS = {
  note: 'exp_subscription_note',
  header: 'exp_subscription_header',
  /** The list is cut into sections of at most 3000 characters: `exp_subscription_list_0`, `_1`… */
  listPrefix: 'exp_subscription_list_',
  hint: 'exp_subscription_hint',
  alertSummary: 'exp_alert_summary',
  alertFooter: 'exp_alert_footer',
} as const;
