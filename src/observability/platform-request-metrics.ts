import type { PlatformRequestSample } from '../http/request-sample.js';
import type { Metrics } from './metrics.js';

/** One platform request (all its retries), as the clients' `observe` hook reports it. */
export function recordPlatformRequest(metrics: Metrics, sample: PlatformRequestSample): void {
  metrics.observe(
    'exp_platform_request_duration_seconds',
    { client: sample.client, endpoint: sample.endpoint, method: sample.method, outcome: sample.outcome },
    sample.durationMs / 1000,
  );
}
