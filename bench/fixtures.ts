import type { DictionaryItem } from '../src/console/dictionaries/normalise.js';

// Deterministic, metric-like data: same input on every run and machine, so ratios are comparable.

const AREAS = [
  'search',
  'catalog',
  'cart',
  'checkout',
  'payments',
  'delivery',
  'returns',
  'reviews',
  'recommendations',
  'ads',
  'seller',
  'support',
  'notifications',
  'loyalty',
  'promo',
  'onboarding',
  'profile',
  'wishlist',
  'chat',
  'maps',
  'subscriptions',
  'referrals',
  'pricing',
  'inventory',
  'fraud',
];
const MEASURES = [
  'conversion',
  'ctr',
  'revenue',
  'orders',
  'gmv',
  'aov',
  'retention',
  'sessions',
  'dau',
  'time spent',
  'bounce rate',
  'errors',
  'latency p95',
  'cancellations',
  'refunds',
  'clicks',
  'views',
  'add to cart',
  'nps',
  'complaints',
];
const WINDOWS = ['d1', 'd7', 'd14', 'd28', 'lifetime'];

const capitalise = (s: string) => (s === '' ? s : `${s[0]?.toUpperCase()}${s.slice(1)}`);

export interface MetricEntry {
  slug: string;
  title: string;
  group: string;
}

/** `count` metrics: area × measure × window, then numbered variants once those run out. */
export function metricEntries(count: number): MetricEntry[] {
  const out: MetricEntry[] = [];
  for (let i = 0; out.length < count; i++) {
    const area = AREAS[i % AREAS.length] as string;
    const measure = MEASURES[Math.floor(i / AREAS.length) % MEASURES.length] as string;
    const window = WINDOWS[Math.floor(i / (AREAS.length * MEASURES.length)) % WINDOWS.length] as string;
    const variant = Math.floor(i / (AREAS.length * MEASURES.length * WINDOWS.length));
    const suffix = variant === 0 ? '' : ` v${variant}`;
    out.push({
      slug: `${area}.${measure.replace(/ /g, '_')}.${window}${variant === 0 ? '' : `.v${variant}`}`,
      title: `${capitalise(area)}: ${capitalise(measure)} (${window})${suffix}`,
      group: capitalise(area),
    });
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
