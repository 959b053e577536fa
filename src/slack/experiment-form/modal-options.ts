import { createHash } from 'node:crypto';
import type { PlainTextElement, PlainTextOption } from '@slack/types';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { matchesWords, queryWords } from '../../console/dictionaries/search.js';
import type { DictValue } from '../../core/experiment-form.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';

// Option values carry the exact platform value WITH its JSON type, because create/edit must send
// back what the dictionary returned and 12 and "12" are different values:
//   `n:<number>`  a number (String(n) round-trips every finite double)
//   `s:<string>`  a string, as is
//   `h:<digest>`  a value whose encoding exceeds Slack's 150 characters: a SHA-256 digest of the
//                 encoding, resolved on the way back by digesting the dictionary's candidates.
// The token is content-addressed rather than a list index on purpose: the dictionary may be
// refreshed (reordered, grown) between rendering the modal and the submission; a digest still names
// the same value, or nothing at all, never a neighbour.

const HASH_PREFIX = 'h:';
const DIGEST_LENGTH = 32;

function rawEncoding(value: DictValue): string {
  return typeof value === 'number' ? `n:${String(value)}` : `s:${value}`;
}

function digest(raw: string): string {
  return HASH_PREFIX + createHash('sha256').update(raw).digest('base64url').slice(0, DIGEST_LENGTH);
}

export function encodeOptionValue(value: DictValue): string {
  const raw = rawEncoding(value);
  return raw.length <= LIMITS.optionValue ? raw : digest(raw);
}

/**
 * The platform value an option value stands for. A digest token needs the values that were offered
 * (`candidates`); without them, or when none matches, the answer is undefined: never a guess.
 */
export function decodeOptionValue(encoded: string, candidates?: Iterable<DictValue>): DictValue | undefined {
  const body = encoded.slice(2);
  if (encoded.startsWith('s:')) return body.length > 0 ? body : undefined;
  if (encoded.startsWith('n:')) {
    const n = body.trim() === '' ? Number.NaN : Number(body);
    return Number.isFinite(n) ? n : undefined;
  }
  if (!encoded.startsWith(HASH_PREFIX) || candidates === undefined) return undefined;
  for (const candidate of candidates) {
    const raw = rawEncoding(candidate);
    // Only values too long for a plain encoding are ever digested.
    if (raw.length > LIMITS.optionValue && digest(raw) === encoded) return candidate;
  }
  return undefined;
}

const PATH_SEPARATOR = ' / ';

/** The item's place in its tree: its group path (the normaliser's "Parent / Child") and its label. */
function pathOf(item: DictionaryItem): string {
  return item.group === undefined ? item.label : `${item.group}${PATH_SEPARATOR}${item.label}`;
}

/**
 * Whether the items are a tree the normaliser flattened (teams): some item's group is the path of
 * another item, i.e. parents are items too. Grouped dictionaries such as participant lists (whose
 * groups are kinds, not items) are not trees.
 */
export function isTree(items: readonly DictionaryItem[]): boolean {
  const paths = new Set(items.map(pathOf));
  return items.some((item) => item.group !== undefined && paths.has(item.group));
}

/** A tree item's root: the first segment of its group, or the item itself at the top. */
function rootOf(item: DictionaryItem): string {
  return item.group === undefined ? item.label : (item.group.split(PATH_SEPARATOR)[0] ?? item.group);
}

/** In a tree, the path below the root ("Search / Ranking" under Marketplace), cut from the left. */
function treeText(item: DictionaryItem): string {
  const below = item.group === undefined ? [] : item.group.split(PATH_SEPARATOR).slice(1);
  const text = [...below, item.label].join(PATH_SEPARATOR);
  // The leaf is what tells siblings apart: when too long, the start of the path goes.
  return text.length <= LIMITS.optionText ? text : `…${text.slice(text.length - LIMITS.optionText + 1)}`;
}

/** An option for an item; `tree`: the item is shown by its path below its root (see isTree). */
export function dictionaryOption(item: DictionaryItem, tree = false): PlainTextOption {
  const label = item.label.trim().length > 0 ? item.label : String(item.value);
  const text = tree && label === item.label ? treeText(item) : label;
  return { text: plain(text, LIMITS.optionText), value: encodeOptionValue(item.value) };
}

interface PlainOptionGroup {
  label: PlainTextElement;
  options: PlainTextOption[];
}
export type OptionList = { options: PlainTextOption[] } | { option_groups: PlainOptionGroup[] };

/**
 * Options, grouped when the items come from at least two groups (participant lists' allowed and
 * excluded, metric kinds…). Items without a group gather under `ungroupedLabel`, shown first. A tree
 * (teams, see isTree) keeps its hierarchy: one group per top-level item holding it and everything
 * below it, each option named by its path below the top ("Search / Ranking").
 */
export function toOptionList(
  items: readonly DictionaryItem[],
  ungroupedLabel: string,
  tree = isTree(items),
): OptionList {
  const groups = new Map<string | undefined, DictionaryItem[]>();
  if (!tree && items.some((item) => item.group === undefined)) groups.set(undefined, []);
  for (const item of items) {
    const key = tree ? rootOf(item) : item.group;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  const option = (item: DictionaryItem) => dictionaryOption(item, tree);
  if (groups.size < 2) return { options: items.map(option) };
  return {
    option_groups: [...groups].map(([group, list]) => ({
      label: plain(group ?? ungroupedLabel, LIMITS.optionGroupLabel),
      options: list.map(option),
    })),
  };
}

export function optionCount(list: OptionList): number {
  return 'options' in list
    ? list.options.length
    : list.option_groups.reduce((n, g) => n + g.options.length, 0);
}

/**
 * The answer to a block_suggestion (external_select): items matching every word of the query in any
 * order (matchesWords), labels starting with the first word first, at most `limit` (≤100) options.
 * Pure and linear: it must answer within Slack's 3 s from the dictionary cache, even for 10,000 items.
 */
export function optionsForQuery(
  items: readonly DictionaryItem[],
  query: string,
  limit: number = LIMITS.selectOptions,
  ungroupedLabel = 'Other',
): OptionList {
  const max = Math.max(0, Math.min(Math.floor(limit), LIMITS.selectOptions));
  const words = queryWords(query);
  const first = words[0] ?? '';
  const starts: DictionaryItem[] = [];
  const contains: DictionaryItem[] = [];
  for (const item of items) {
    if (starts.length >= max) break;
    if (!matchesWords(item, words)) continue;
    if (item.label.toLowerCase().startsWith(first)) starts.push(item);
    else if (contains.length < max) contains.push(item);
  }
  // Whether the dictionary is a tree is a property of all of it, not of the matches.
  return toOptionList([...starts, ...contains].slice(0, max), ungroupedLabel, isTree(items));
}
