import { DICTIONARY_FIELD_SPECS, DICTIONARY_FIELDS } from '../../core/experiment-fields.js';
import {
  type DictValue,
  type ExperimentForm,
  type FormField,
  readOnlyFields,
} from '../../core/experiment-form.js';
import { LIMITS } from '../blocks/limits.js';
import { type ModalDictionaries, type OfferContext, offeredItems } from './modal-items.js';

// What no widget of the edit form can hold as it is: it is shown read-only and kept, never sent.
// A text longer than a Slack input takes would be cut; a list with more values than a menu takes,
// or with values its dictionary no longer offers, would come back shorter.

const TEXT_FIELDS = ['name', 'label', 'description'] as const;

/** The fields an edit shows without a widget, fixed when the form opens. */
export function keptFields(
  original: Partial<ExperimentForm>,
  dictionaries: ModalDictionaries,
  context: OfferContext,
): FormField[] {
  const kept = readOnlyFields(original);
  for (const field of TEXT_FIELDS) {
    if (textTooLong(original[field])) kept.push(field);
  }
  for (const field of DICTIONARY_FIELDS) {
    if (!DICTIONARY_FIELD_SPECS[field].multiple) continue;
    const values = (original[field] as DictValue[] | undefined) ?? [];
    const offered = offeredValues(field, dictionaries, original, context);
    if (listUnheld(values, offered)) kept.push(field);
  }
  return kept;
}

export function textTooLong(value: string | undefined): boolean {
  return value !== undefined && value.trim().length > LIMITS.plainTextInputMaxLength;
}

function listUnheld(values: readonly DictValue[], offered: ReadonlySet<DictValue>): boolean {
  return values.length > LIMITS.selectOptions || values.some((v) => !offered.has(v));
}

function offeredValues(
  field: (typeof DICTIONARY_FIELDS)[number],
  dictionaries: ModalDictionaries,
  form: Partial<ExperimentForm>,
  context: OfferContext,
): Set<DictValue> {
  return new Set(offeredItems(field, dictionaries, form, context).map((item) => item.value));
}
