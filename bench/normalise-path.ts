import { normaliseDictionary } from '../src/console/dictionaries/normalise.js';
import { objectiveMetaJson } from './fixtures.js';
import { type Comparison, compareSync } from './measure.js';

// (b) The dictionary cache stores raw JSON and normalises on every read (see cache.ts), so the
// normaliser runs on each options request. Candidate: JSON.parse + normaliseDictionary over a large
// objective-meta. Baseline: JSON.parse + a hand-written map that knows the shape in advance. The
// ratio is the price of not knowing the platform's schema.

interface Metric {
  slug: string;
  title: string;
}

function baselineRead(text: string) {
  const json = JSON.parse(text) as { metrics: Metric[] };
  return json.metrics.map((m) => ({ value: m.slug, label: m.title }));
}

/** The sandbox's own catalogue size (2,500) and a large platform's (20,000). */
export function normaliseBenchmarks(budgetMs: number): Comparison[] {
  return [2_500, 20_000].map((count) => {
    const text = objectiveMetaJson(count);
    const items = normaliseDictionary('objective-meta', JSON.parse(text)).items;
    const metrics = items.filter((i) => i.group === 'metrics');
    if (metrics.length !== count || metrics[0]?.value !== baselineRead(text)[0]?.value) {
      throw new Error(`normaliseDictionary read ${metrics.length} metrics out of ${count}`);
    }
    return compareSync(
      `normalise objective-meta, ${count.toLocaleString('en')} metrics`,
      {
        baseline: () => baselineRead(text),
        candidate: () => normaliseDictionary('objective-meta', JSON.parse(text)),
      },
      {
        budgetMs,
        minSampleMs: 20,
        note: `${(text.length / 1e6).toFixed(2)} MB of JSON; both sides parse it`,
      },
    );
  });
}
