import type { Metrics } from './metrics.js';

/**
 * One request of a platform client (console or splitter) as the clients report it through their
 * `observe` hook; declared here so observability does not depend on the clients.
 */
export interface PlatformRequestSample {
  client: 'console' | 'splitter';
  /** The route template (`/experiments/v1/{id}/start`), never the concrete path: labels stay bounded. */
  endpoint: string;
  method: string;
  outcome: string;
  status?: number | undefined;
  /** The whole request, every retry included. */
  durationMs: number;
  attempts: number;
}

export function recordPlatformRequest(metrics: Metrics, sample: PlatformRequestSample): void {
  metrics.observe(
    'exp_platform_request_duration_seconds',
    { client: sample.client, endpoint: sample.endpoint, method: sample.method, outcome: sample.outcome },
    sample.durationMs / 1000,
  );
}
