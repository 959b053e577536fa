import { describe, expect, it } from 'vitest';
import type { DictionaryItem } from './normalise.js';
import { matchesWords, queryWords } from './search.js';

const item = (value: string | number, label: string): DictionaryItem => ({ value, label, raw: {} });

describe('dictionary search', () => {
  it('splits a query into lower-case words; a blank query has none', () => {
    expect(queryWords('  Checkout   CONV ')).toEqual(['checkout', 'conv']);
    expect(queryWords('   ')).toEqual([]);
    expect(queryWords(undefined)).toEqual([]);
  });

  it('matches every word in any order, in the label or the value', () => {
    const metric = item('checkout.conversion.d7', 'Checkout: Conversion (d7)');
    expect(matchesWords(metric, queryWords('checkout conv'))).toBe(true);
    expect(matchesWords(metric, queryWords('conv checkout'))).toBe(true);
    expect(matchesWords(metric, queryWords('CONVERSION d7'))).toBe(true);
    // One word in the label, the other only in the value.
    expect(matchesWords(item('team-42', 'Payments'), queryWords('payments 42'))).toBe(true);
    expect(matchesWords(metric, queryWords('checkout ctr'))).toBe(false);
    expect(matchesWords(metric, [])).toBe(true);
  });
});
