import type { TransportError } from './transport-error.js';

/**
 * How one platform call ended, for metrics. `outcome` is what the caller may believe:
 * - `ok`: a 2xx answer (whether its body then satisfies the client is the client's business);
 * - `http_4xx`, `http_5xx`, `http_other`: the platform answered with that class of status;
 * - `response_too_large`: a 2xx whose body exceeded the client's limit;
 * - `never_sent`: the request provably never left (refused, DNS, connect timeout…): nothing changed;
 * - `outcome_unknown`: a state-changing request was sent and its answer was lost (timeout or broken
 *   connection); this wins over `timeout` because it is the fact an operator must act on;
 * - `timeout`, `connection_error`: the same failures for a request that changes nothing.
 */
export type PlatformRequestOutcome =
  | 'ok'
  | 'http_4xx'
  | 'http_5xx'
  | 'http_other'
  | 'response_too_large'
  | 'never_sent'
  | 'outcome_unknown'
  | 'timeout'
  | 'connection_error';

/** One sample per request attempt-set (all its retries together). */
export interface PlatformRequestSample {
  client: 'console' | 'splitter';
  /** A route template ('/experiments/v1/{id}/start') or the splitter method: never ids or tokens. */
  endpoint: string;
  method: string;
  outcome: PlatformRequestOutcome;
  /** The last HTTP status, when there was one. */
  status?: number;
  /** From the first attempt's start to the end, backoff waits included: what the caller waited. */
  durationMs: number;
  attempts: number;
}

export type ObserveRequest = (sample: PlatformRequestSample) => void;

export function statusOutcome(status: number, truncated: boolean): PlatformRequestOutcome {
  if (status >= 200 && status < 300) return truncated ? 'response_too_large' : 'ok';
  if (status >= 400 && status < 500) return 'http_4xx';
  if (status >= 500 && status < 600) return 'http_5xx';
  return 'http_other';
}

export function failureOutcome(error: TransportError): PlatformRequestOutcome {
  if (error.neverSent) return 'never_sent';
  if (error.outcomeUnknown) return 'outcome_unknown';
  return error.kind === 'timeout' ? 'timeout' : 'connection_error';
}
