import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import {
  type CounterLabels,
  type CounterName,
  counterCatalogue,
  type GaugeName,
  gaugeCatalogue,
  type HistogramLabels,
  type HistogramName,
  histogramCatalogue,
} from './metric-catalogue.js';

/** What the app records and /metrics serves; call sites see names and labels, not prom-client. */
export interface Metrics {
  inc<N extends CounterName>(name: N, labels?: CounterLabels<N>, by?: number): void;
  observe<N extends HistogramName>(name: N, labels: HistogramLabels<N>, seconds: number): void;
  /** The Prometheus text exposition of every metric, default process metrics included. */
  render(): Promise<string>;
  /** The content type that goes with render()'s text. */
  readonly contentType: string;
}

export interface MetricsOptions {
  /** Node process metrics (CPU, memory, event loop lag, GC, handles); on unless a test turns them off. */
  processMetrics?: boolean;
  /** Where each gauge's value is read when /metrics is asked for; a gauge without one reads 0. */
  readings?: Partial<Record<GaugeName, () => number>>;
}

/**
 * A registry per app instance rather than prom-client's global one: tests run several apps in one
 * process, and each must count only its own requests (and must not collide on registration).
 */
export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const counters = new Map<string, Counter>();
  for (const [name, spec] of Object.entries(counterCatalogue)) {
    counters.set(
      name,
      new Counter({ name, help: spec.help, labelNames: spec.labelNames, registers: [registry] }),
    );
  }
  const histograms = new Map<string, Histogram>();
  for (const [name, spec] of Object.entries(histogramCatalogue)) {
    histograms.set(
      name,
      new Histogram({
        name,
        help: spec.help,
        labelNames: spec.labelNames,
        buckets: [...spec.buckets],
        registers: [registry],
      }),
    );
  }
  for (const [name, spec] of Object.entries(gaugeCatalogue)) {
    const read = options.readings?.[name as GaugeName];
    new Gauge({
      name,
      help: spec.help,
      registers: [registry],
      collect() {
        this.set(read?.() ?? 0);
      },
    });
  }
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  return {
    inc(name, labels = {}, by = 1) {
      counters.get(name)?.inc(labels, by);
    },
    observe(name, labels, seconds) {
      histograms.get(name)?.observe(labels, seconds);
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
