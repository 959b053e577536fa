import type { DictionaryItem } from './normalise.js';

// One way to search a dictionary, for the form's type-to-search pickers and for `/exp dict NAME
// filter`: every word of the query must occur in the item's label or value, in any order and in
// any case, so "checkout conv" finds "Checkout: Conversion (d7)" as "conv checkout" does.

/** The query's words, lower-cased; none for a blank query (which matches everything). */
export function queryWords(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether every word occurs in the item's label or in String(value). */
export function matchesWords(item: DictionaryItem, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const label = item.label.toLowerCase();
  const value = String(item.value).toLowerCase();
  return words.every((word) => label.includes(word) || value.includes(word));
}
