import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { SegmentChoice } from '../../core/experiment-form.js';
import { code, joinSafe, md, type SafeText, safe } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

// How a filter and a field value read in the audience view and the diff. Values show as JSON, so
// 71002, "71002" and true stay three different things to the reader as they are to the platform.

const LABEL_MAX = 80;

export interface FilterLookup {
  params: readonly DictionaryItem[];
  predicates: readonly DictionaryItem[];
}

export function isArchivedParam(segment: SegmentChoice, params: readonly DictionaryItem[]): boolean {
  return params.find((p) => p.value === segment.param)?.status === 'archived';
}

function filterParts(segment: SegmentChoice, lookup: FilterLookup) {
  const param = lookup.params.find((p) => p.value === segment.param);
  const predicate = lookup.predicates.find((p) => p.value === segment.predicate);
  return {
    param:
      param === undefined ? code(JSON.stringify(segment.param), LABEL_MAX) : safe(param.label, LABEL_MAX),
    predicate:
      predicate === undefined
        ? code(segment.predicate === undefined ? '?' : String(segment.predicate), LABEL_MAX)
        : safe(predicate.label, LABEL_MAX),
    values: joinSafe(
      segment.values.slice(0, 20).map((v) => code(JSON.stringify(v), 100)),
      md`, `,
    ),
    archived: param?.status === 'archived',
  };
}

export function filterText(segment: SegmentChoice, lookup: FilterLookup, messages: Messages): SafeText {
  return messages.experimentEdit.filterLine(filterParts(segment, lookup));
}

/** A field's value before or after: lists joined, nothing as "(none)". */
export function valueText(value: unknown, messages: Messages): SafeText {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
    return messages.experimentEdit.noValue;
  if (Array.isArray(value))
    return joinSafe(
      value.slice(0, 30).map((v) => code(typeof v === 'string' ? v : JSON.stringify(v), 100)),
      md`, `,
    );
  return code(typeof value === 'string' ? value : JSON.stringify(value), 300);
}
