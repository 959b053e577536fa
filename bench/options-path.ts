import { isDeepStrictEqual } from 'node:util';
import type { DictionaryItem } from '../src/console/dictionaries/normalise.js';
import { LIMITS } from '../src/slack/blocks/limits.js';
import {
  type OptionList,
  optionsForQuery,
  toOptionList,
} from '../src/slack/experiment-form/modal-options.js';
import { dictionaryItems } from './fixtures.js';
import { type Comparison, compareSync } from './measure.js';

// (a) The answer to an external_select's block_suggestion: Slack gives the app 3 s, and the items
// come from the dictionary cache. Candidate: optionsForQuery (one pass, stops once enough labels
// start with the query). Baseline: the obvious filter + sort + slice over every item. Both end in
// the same toOptionList, so the ratio isolates how the options are selected.

function naiveOptions(items: readonly DictionaryItem[], query: string): OptionList {
  const needle = query.trim().toLowerCase();
  const rank = (item: DictionaryItem) => (item.label.toLowerCase().startsWith(needle) ? 0 : 1);
  const selected = items
    .filter(
      (item) =>
        item.label.toLowerCase().includes(needle) || String(item.value).toLowerCase().includes(needle),
    )
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, LIMITS.selectOptions);
  return toOptionList(selected, 'Other');
}

const QUERIES: [string, string][] = [
  ['prefix query', 'checkout'],
  ['substring query', 'conv'],
  ['no match', 'zz-no-such-metric'],
];

export function optionsPathBenchmarks(budgetMs: number): Comparison[] {
  const rows: Comparison[] = [];
  for (const size of [10_000, 50_000]) {
    const items = dictionaryItems(size);
    for (const [what, query] of QUERIES) {
      // Same answer on both sides, or the ratio would compare different work.
      const expected = naiveOptions(items, query);
      if (!isDeepStrictEqual(optionsForQuery(items, query), expected)) {
        throw new Error(`optionsForQuery and the baseline disagree for "${query}" over ${size} items`);
      }
      rows.push(
        compareSync(
          `options ${size / 1000}k items, ${what}`,
          { baseline: () => naiveOptions(items, query), candidate: () => optionsForQuery(items, query) },
          { budgetMs, note: `query "${query}"; baseline = filter+sort+slice` },
        ),
      );
    }
  }
  return rows;
}
