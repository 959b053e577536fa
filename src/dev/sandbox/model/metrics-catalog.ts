// ASSUMPTION: the metric catalogue (objective-meta `metrics`). Generated, deterministic and large on
// purpose (25 areas × 20 measures × 5 windows = 2500 entries) so clients exercise search-as-you-type
// (external_select) instead of static menus, which Slack caps at 100 options.

export interface MetricEntry {
  slug: string;
  title: string;
  group: string;
}

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
] as const;

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
  'time_spent',
  'bounce_rate',
  'errors',
  'latency_p95',
  'cancellations',
  'refunds',
  'clicks',
  'views',
  'add_to_cart',
  'nps',
  'complaints',
] as const;

const WINDOWS = ['d1', 'd7', 'd14', 'd28', 'lifetime'] as const;

function titleCase(s: string): string {
  return s
    .split('_')
    .map((w) => (w === '' ? w : w[0]?.toUpperCase() + w.slice(1)))
    .join(' ');
}

export function buildMetricsCatalog(): MetricEntry[] {
  const out: MetricEntry[] = [];
  for (const area of AREAS) {
    for (const measure of MEASURES) {
      for (const window of WINDOWS) {
        out.push({
          slug: `${area}.${measure}.${window}`,
          title: `${titleCase(area)}: ${titleCase(measure)} (${window})`,
          group: titleCase(area),
        });
      }
    }
  }
  return out;
}
