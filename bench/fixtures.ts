import type { DictionaryItem } from '../src/console/dictionaries/normalise.js';
import { buildMetricsCatalog, type MetricEntry } from '../src/dev/sandbox/model/metrics-catalog.js';

// Deterministic, metric-like data: same input on every run and machine, so ratios are comparable.

/**
 * `count` metrics: the sandbox's own catalogue (25 areas × 20 measures × 5 windows), then numbered
 * variants of it once those run out.
 */
export function metricEntries(count: number): MetricEntry[] {
  const base = buildMetricsCatalog();
  const out: MetricEntry[] = [];
  for (let i = 0; out.length < count; i++) {
    const metric = base[i % base.length] as MetricEntry;
    const variant = Math.floor(i / base.length);
    out.push(
      variant === 0
        ? metric
        : { slug: `${metric.slug}.v${variant}`, title: `${metric.title} v${variant}`, group: metric.group },
    );
  }
  return out;
}

/**
 * Items as the normaliser would hand them to the options handler. Every other value is a number,
 * as dictionaries mix numeric ids and string codes.
 */
export function dictionaryItems(count: number): DictionaryItem[] {
  return metricEntries(count).map((m, i) => ({
    value: i % 2 === 0 ? m.slug : 100_000 + i,
    label: m.title,
    raw: m,
  }));
}

/** The objective-meta body of a platform with `count` metrics, as JSON text. */
export function objectiveMetaJson(count: number): string {
  return JSON.stringify({
    metrics: metricEntries(count),
    slices: [
      { id: 'platform', title: 'Platform' },
      { id: 'country', title: 'Country' },
    ],
  });
}
