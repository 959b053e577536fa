import type { Metrics } from '../observability/metrics.js';
import type { FetchLike } from '../observability/slack-api-calls.js';
import { observeSlackApiCalls } from '../observability/slack-api-calls.js';
import type { SafeText } from './blocks/escape.js';
import { fetchWithSandboxNotice } from './sandbox-notice.js';

export const SLACK_API_URL = 'https://slack.com/api/';

export function ensureSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * The one fetch every Slack call goes through: Bolt's Web API clients, Bolt's respond(), and the
 * app's own posts to response_urls kept in modal metadata. Web API calls are counted and timed;
 * with ALLOW_SANDBOX every message gets the demo notice.
 */
export function createSlackFetch(options: {
  apiUrl: string | undefined;
  metrics: Metrics;
  sandboxNotice: SafeText | undefined;
  /** The transport underneath (slack-transport.ts); globalThis.fetch when none is given. */
  transport?: FetchLike;
}): FetchLike {
  const apiUrl = ensureSlash(options.apiUrl ?? SLACK_API_URL);
  const observed = observeSlackApiCalls({
    apiUrl,
    metrics: options.metrics,
    ...(options.transport ? { fetch: options.transport } : {}),
  });
  return options.sandboxNotice ? fetchWithSandboxNotice(observed, apiUrl, options.sandboxNotice) : observed;
}
