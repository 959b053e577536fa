import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { DictionaryName } from '../../console/types.js';
import type { ExperimentChanges } from '../../core/experiment-changes.js';
import { DICTIONARY_FIELD_SPECS } from '../../core/experiment-fields.js';
import { escapeMrkdwn, joinSafe, md, type SafeText, truncateSafe } from '../blocks/escape.js';
import {
  type DictionaryLabels,
  type LabelSourceItems,
  labelledValue,
  labelsFromItems,
} from '../dictionaries/dictionary-labels.js';
import { labelOf } from '../labels/label.js';
import type { Messages } from '../messages/index.js';
import { type FilterLookup, filterText, valueText } from './filter-text.js';

// The diff as people read it, the same in the confirmation, the message after saving and a conflict
// notice: each field with its value before and after; the audience's filters added, removed, changed.
// A value from a dictionary shows its name beside it ("Checkout (211)") where the form's dictionaries
// name it, as cards do; any other value is shown as the platform holds it.

/** Section text stays under Slack's 3000 characters. */
const TEXT_MAX = 2900;

export function changeLines(
  changes: ExperimentChanges,
  lookup: FilterLookup,
  messages: Messages,
): SafeText[] {
  const texts = messages.experimentEdit;
  const shown = (field: ChangedField, value: unknown) => fieldValueText(field, value, lookup, messages);
  const lines: SafeText[] = changes.fields.map((c) => {
    const label = messages.experimentModal.labels[c.field];
    if (Array.isArray(c.before) && Array.isArray(c.after) && c.before.length > 0 && c.after.length > 0) {
      const line = listChangeLine(label, c.before, c.after, (v) => shown(c.field, v), messages);
      if (line) return line;
    }
    return texts.fieldChange({ label, before: shown(c.field, c.before), after: shown(c.field, c.after) });
  });
  const a = changes.audience;
  if (a) {
    const filter = (s: Parameters<typeof filterText>[0]) => filterText(s, lookup, messages);
    lines.push(
      texts.audienceHeading,
      ...a.removed.map((s) => texts.filterRemoved({ filter: filter(s) })),
      ...a.changed.map((c) => texts.filterChanged({ before: filter(c.before), after: filter(c.after) })),
      ...a.added.map((s) => texts.filterAdded({ filter: filter(s) })),
    );
  }
  return lines;
}

/** Values shown of what left a list, and of what joined it: the rest is counted. */
const LIST_SHOWN = 10;

/** A list changed value by value reads as what left it and what joined it, not as two lists. */
function listChangeLine(
  label: string,
  before: readonly unknown[],
  after: readonly unknown[],
  shown: (value: unknown) => SafeText,
  messages: Messages,
): SafeText | undefined {
  const key = (v: unknown) => JSON.stringify(v);
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  const some = (values: readonly unknown[]) => {
    if (values.length === 0) return undefined;
    const more = values.length > LIST_SHOWN ? [md`… (${values.length - LIST_SHOWN} more)`] : [];
    return joinSafe([...values.slice(0, LIST_SHOWN).map(shown), ...more], md`, `);
  };
  const removed = some(before.filter((v) => !has.has(key(v))));
  const added = some(after.filter((v) => !had.has(key(v))));
  // Only the order changed: read as the two lists.
  if (removed === undefined && added === undefined) return undefined;
  return messages.experimentEdit.listChange({ label, removed, added, count: after.length });
}

/** The lines as one text, cut to fit one section. */
export function changeText(changes: ExperimentChanges, lookup: FilterLookup, messages: Messages): SafeText {
  return truncateSafe(joinSafe(changeLines(changes, lookup, messages)), TEXT_MAX);
}

export function filterLookupOf(
  dictionaries: LabelSourceItems,
  predicates: { items: readonly DictionaryItem[] } | undefined,
): FilterLookup & { labels: DictionaryLabels } {
  return {
    params: dictionaries['context-param-predicates'] ?? [],
    predicates: predicates?.items ?? [],
    labels: labelsFromItems(dictionaries),
  };
}

type ChangedField = ExperimentChanges['fields'][number]['field'];

/** The dictionary a changed field takes its values from, if any. */
function dictionaryOf(field: ChangedField): DictionaryName | undefined {
  if (field === 'type') return 'types';
  return (DICTIONARY_FIELD_SPECS as Partial<Record<string, { dictionary: DictionaryName }>>)[field]
    ?.dictionary;
}

/** The labels (the form's option texts) of the fields whose values the interface enumerates. */
function enumLabels(field: ChangedField, messages: Messages): Readonly<Record<string, string>> | undefined {
  const t = messages.labels;
  const byField: Partial<Record<ChangedField, Readonly<Record<string, string>>>> = {
    type: t.types,
    markupScopeType: t.markupScopeTypes,
    exposure: t.exposures,
    statisticalMethod: t.statisticalMethods,
    retroType: t.retroTypes,
    switchbackStrategy: t.switchbackStrategies,
  };
  return byField[field];
}

function fieldValueText(
  field: ChangedField,
  value: unknown,
  lookup: FilterLookup & { labels?: DictionaryLabels },
  messages: Messages,
): SafeText {
  const table = enumLabels(field, messages);
  const label = table && typeof value === 'string' ? labelOf(table, value) : undefined;
  if (label !== undefined) return escapeMrkdwn(label);
  const dictionary = dictionaryOf(field);
  const named = (v: unknown) =>
    dictionary && lookup.labels && (typeof v === 'string' || typeof v === 'number')
      ? labelledValue(lookup.labels, dictionary, v, messages)
      : undefined;
  if (Array.isArray(value) && value.length > 0 && dictionary && lookup.labels)
    return joinSafe(
      value.slice(0, 30).map((v) => named(v) ?? valueText(v, messages)),
      md`, `,
    );
  return named(value) ?? valueText(value, messages);
}
