import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { matchesWords, queryWords } from '../../console/dictionaries/search.js';
import type { DictionaryName } from '../../console/types.js';

/**
 * How a dictionary is laid out: `tree` indents teams by the depth of their group path, `grouped`
 * shows each group (allowed/excluded lists, metrics/slices…) as its own headed section, `params`
 * explains each context parameter's status, `flat` is one list.
 */
export type DictLayout = 'flat' | 'grouped' | 'tree' | 'params';

export function layoutOf(name: DictionaryName, items: readonly DictionaryItem[]): DictLayout {
  if (name === 'teams') return 'tree';
  if (name === 'context-param-predicates') return 'params';
  return items.some((item) => item.group !== undefined) ? 'grouped' : 'flat';
}

/**
 * Items matching every word of the filter, in any order and case (matchesWords); a blank filter
 * keeps everything. Order is kept, so a tree stays in its parent-before-child order.
 */
export function filterItems(items: readonly DictionaryItem[], filter: string | undefined): DictionaryItem[] {
  const words = queryWords(filter);
  return words.length === 0 ? [...items] : items.filter((item) => matchesWords(item, words));
}

export type ParticipantListSide = 'allowed' | 'excluded';

/**
 * Which side of participant-lists a group is. Group names are whatever the platform used as keys
 * (`allowed`, `excludedLists`…) or the normaliser's own `allowed`/`excluded`: matched by word.
 */
export function participantListSide(group: string | undefined): ParticipantListSide | undefined {
  if (group === undefined) return undefined;
  const word = group.toLowerCase();
  if (word.includes('exclu') || word.includes('deny') || word.includes('block')) return 'excluded';
  if (word.includes('allow') || word.includes('inclu')) return 'allowed';
  return undefined;
}

/**
 * Grouped dictionaries get each group's items together (first appearance order, allowed lists
 * before excluded ones), so a group is one headed run instead of many interleaved ones. Other
 * layouts keep the platform's order.
 */
export function orderItems(
  name: DictionaryName,
  layout: DictLayout,
  items: readonly DictionaryItem[],
): DictionaryItem[] {
  if (layout !== 'grouped') return [...items];
  const firstSeen = new Map<string | undefined, number>();
  for (const item of items) if (!firstSeen.has(item.group)) firstSeen.set(item.group, firstSeen.size);
  const rank = (group: string | undefined): number => {
    const side = name === 'participant-lists' ? participantListSide(group) : undefined;
    const sideRank = side === 'allowed' ? 0 : side === 'excluded' ? 1 : 2;
    return sideRank * items.length + (firstSeen.get(group) ?? 0);
  };
  // Array.prototype.sort is stable, so items keep their order within a group.
  return [...items].sort((a, b) => rank(a.group) - rank(b.group));
}
