/** Metric label and log value of one delivery; a closed set so the metric's cardinality stays fixed. */
export type AlertOutcome =
  | 'sent'
  | 'not_in_channel'
  | 'channel_not_found'
  | 'is_archived'
  | 'ratelimited'
  | 'invalid_blocks'
  | 'failed';

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
