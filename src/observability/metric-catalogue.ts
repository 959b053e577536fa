/**
 * Every metric the app exports: name, help text, label names and (for histograms) buckets. All of
 * them are registered when the registry is created, so /metrics lists each one with its `# TYPE`
 * line before the first sample, and dashboards never see a metric appear out of nowhere.
 */

interface CounterSpec {
  readonly help: string;
  readonly labelNames: readonly string[];
}

interface HistogramSpec extends CounterSpec {
  readonly buckets: readonly number[];
}

export const counterCatalogue = {
  exp_commands_total: { help: 'Slash commands received, by subcommand kind', labelNames: ['kind'] },
  exp_lifecycle_total: {
    help: 'Lifecycle actions, by action and outcome',
    labelNames: ['action', 'outcome'],
  },
  exp_interactions_total: { help: 'Interactive payloads, by kind', labelNames: ['kind'] },
  exp_alerts_total: {
    help: 'Alerts posted to subscribed channels, by outcome (sent or the failure)',
    labelNames: ['outcome'],
  },
  exp_hook_events_total: {
    help: 'Inbound lifecycle events, by outcome (accepted, duplicate, bad_signature, bad_timestamp, bad_body)',
    labelNames: ['outcome'],
  },
  exp_slack_api_calls_total: {
    help: 'HTTP requests to the Slack Web API (each retry counts), by method and outcome (ok or the Slack error code)',
    labelNames: ['method', 'outcome'],
  },
} as const satisfies Record<string, CounterSpec>;

// Slack drops a request that is not acknowledged within 3 s: the buckets are dense below that line.
const ackBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5];
// Platform calls time out after CONSOLE_TIMEOUT_MS (10 s by default) per attempt, retries included.
const platformBuckets = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];
// The Web API client gives up after 10 s (src/slack/app.ts).
const slackApiBuckets = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const histogramCatalogue = {
  exp_ack_duration_seconds: {
    help: 'Time from the app receiving a Slack request to its ack, by subcommand kind or payload type',
    labelNames: ['kind'],
    buckets: ackBuckets,
  },
  exp_platform_request_duration_seconds: {
    help: 'Platform API requests (console and splitter), retries included, by endpoint template and outcome',
    labelNames: ['client', 'endpoint', 'method', 'outcome'],
    buckets: platformBuckets,
  },
  exp_slack_api_call_duration_seconds: {
    help: 'Duration of HTTP requests to the Slack Web API, by method and outcome',
    labelNames: ['method', 'outcome'],
    buckets: slackApiBuckets,
  },
} as const satisfies Record<string, HistogramSpec>;

/** Values read when /metrics is asked for, from a reading the composition root gives. */
export const gaugeCatalogue = {
  exp_replay_guard_requests: {
    help: 'Signed Slack requests the replay guard remembers in this process (SQLite and memory stores; 0 where Redis or PostgreSQL keeps them), bounded at 200000',
    labelNames: [],
  },
} as const satisfies Record<string, CounterSpec>;

export type CounterName = keyof typeof counterCatalogue;
export type GaugeName = keyof typeof gaugeCatalogue;
export type HistogramName = keyof typeof histogramCatalogue;

/** The labels a metric declares; any of them may be left out, none may be added. */
type LabelsOf<Spec extends CounterSpec> = Partial<Record<Spec['labelNames'][number], string>>;
export type CounterLabels<N extends CounterName> = LabelsOf<(typeof counterCatalogue)[N]>;
export type HistogramLabels<N extends HistogramName> = LabelsOf<(typeof histogramCatalogue)[N]>;
