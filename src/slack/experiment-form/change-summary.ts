import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { ExperimentChanges } from '../../lifecycle/experiment-changes.js';
import { joinSafe, type SafeText, truncateSafe } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';
import { type FilterLookup, filterText, valueText } from './filter-text.js';

// The diff as people read it, the same in the confirmation, the message after saving and a conflict
// notice: each field with its value before and after; the audience's filters added, removed, changed.
// Values are the platform's own (dictionary names are not looked up here).

/** Section text stays under Slack's 3000 characters. */
const TEXT_MAX = 2900;

export function changeLines(
  changes: ExperimentChanges,
  lookup: FilterLookup,
  messages: Messages,
): SafeText[] {
  const texts = messages.experimentEdit;
  const lines: SafeText[] = changes.fields.map((c) =>
    texts.fieldChange({
      label: messages.experimentModal.labels[c.field],
      before: valueText(c.before, messages),
      after: valueText(c.after, messages),
    }),
  );
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

/** The lines as one text, cut to fit one section. */
export function changeText(changes: ExperimentChanges, lookup: FilterLookup, messages: Messages): SafeText {
  return truncateSafe(joinSafe(changeLines(changes, lookup, messages)), TEXT_MAX);
}

export function filterLookupOf(
  dictionaries: { 'context-param-predicates'?: readonly DictionaryItem[] | undefined },
  predicates: { items: readonly DictionaryItem[] } | undefined,
): FilterLookup {
  return { params: dictionaries['context-param-predicates'] ?? [], predicates: predicates?.items ?? [] };
}
