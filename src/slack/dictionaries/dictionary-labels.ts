import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { DictionaryName } from '../../console/types.js';
import { code, type SafeText, safe } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

// Experiment fields hold dictionary values (`211`, `201`, `regular`); people know them by their
// names. These helpers put the name beside the value where the dictionary has one, and show the
// bare value otherwise: a missing name never hides the value, and never fails a message.

/** Names of one workspace's dictionary values, as far as they are known when a message is built. */
export interface DictionaryLabels {
  /** The dictionary's name for the value, or undefined when it has none (or none distinct from it). */
  nameOf(dictionary: DictionaryName, value: string | number): string | undefined;
}

/** No names known: every value is shown bare. */
export const NO_DICTIONARY_LABELS: DictionaryLabels = { nameOf: () => undefined };

/** The items of some dictionaries, e.g. what the create/edit form already loaded. */
export type LabelSourceItems = Partial<Record<DictionaryName, readonly DictionaryItem[] | undefined>>;

/** Longest name shown beside a value; names are platform text, bounded before they are shown. */
export const LABEL_NAME_MAX = 80;
/** Longest value shown (as code). */
const LABEL_VALUE_MAX = 100;

// The cache hands out one frozen items array per dictionary fetch, shared by every caller, so an
// index built once per array serves every card until the next fetch; a WeakMap lets it go with it.
const indexes = new WeakMap<readonly DictionaryItem[], ReadonlyMap<string, string>>();

/** value → name; the first item wins (the normaliser already drops duplicates). */
function indexOf(items: readonly DictionaryItem[]): ReadonlyMap<string, string> {
  const known = indexes.get(items);
  if (known) return known;
  const index = new Map<string, string>();
  for (const item of items) {
    const key = String(item.value);
    const name = cleanName(item.label, key);
    if (name !== undefined && !index.has(key)) index.set(key, name);
  }
  indexes.set(items, index);
  return index;
}

/**
 * One line, trimmed; undefined when nothing is left or it only repeats the value (the normaliser
 * falls back to the value as label when an item has no name, and "211 (211)" says nothing).
 */
function cleanName(label: unknown, value: string): string | undefined {
  if (typeof label !== 'string') return undefined;
  const name = label.replace(/\s+/g, ' ').trim();
  return name === '' || name === value ? undefined : name;
}

/**
 * Labels from dictionaries already at hand. Records hold values as strings and dictionaries as the
 * platform typed them (`211` or `"211"`), so values are compared as text.
 */
export function labelsFromItems(source: LabelSourceItems): DictionaryLabels {
  return {
    nameOf(dictionary, value) {
      try {
        const items = source[dictionary];
        return items ? indexOf(items).get(String(value)) : undefined;
      } catch {
        // A name is a nicety: whatever is wrong with a dictionary, the value is still shown.
        return undefined;
      }
    },
  };
}

/**
 * A dictionary value for mrkdwn: "Checkout (`211`)" when the dictionary names it, else "`211`".
 * The name is escaped platform text (it cannot mention, link or format), both parts are bounded,
 * so the result fits a section field whatever the platform sends. Use it for cards, lists, alerts
 * and before/after lines of an edit's diff alike.
 */
export function labelledValue(
  labels: DictionaryLabels,
  dictionary: DictionaryName,
  value: string | number,
  messages: Messages,
): SafeText {
  const text = String(value);
  const shown = code(text, LABEL_VALUE_MAX);
  let name: string | undefined;
  try {
    name = labels.nameOf(dictionary, text);
  } catch {
    name = undefined;
  }
  const clean = cleanName(name, text);
  return clean === undefined
    ? shown
    : messages.experimentCard.namedValue({ name: safe(clean, LABEL_NAME_MAX), value: shown });
}
