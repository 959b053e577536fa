import type * as z from 'zod';
import { isObject } from '../../console/dictionaries/item-fields.js';
import { DICTIONARY_FIELD_SPECS, DICTIONARY_FIELDS } from '../../core/experiment-fields.js';
import type { ExperimentForm, FormErrors, FormField } from '../../core/experiment-form.js';
import {
  ConsoleExposureType,
  CreatableExperimentType,
  ExperimentMarkupScopeType,
  RetroType,
  StatisticsMethod,
  SwitchbackStrategy,
} from '../../core/experiment-schemas.js';
import type { Messages } from '../messages/index.js';
import { EXPERIMENT_MODAL } from './ids.js';
import type { ModalDictionaries, PickerField, SegmentPredicates } from './modal-items.js';
import { decodeOptionValue } from './modal-options.js';

// Reading view.state.values (`{[block_id]: {[action_id]: {type, value | selected_option | …}}}`)
// back into a form, for block_actions (rebuild the view) and view_submission (validate, send).

export type StateValues = Record<string, Record<string, unknown>>;

export interface StateLookup {
  /** Needed only to resolve `h:` tokens of values too long for an option value. */
  dictionaries?: ModalDictionaries | undefined;
  segmentPredicates?: SegmentPredicates | undefined;
}

function element(state: StateValues, blockId: string, actionId: string): Record<string, unknown> | undefined {
  const el = state[blockId]?.[actionId];
  return isObject(el) ? el : undefined;
}

function optionValue(option: unknown): string | undefined {
  return isObject(option) && typeof option.value === 'string' ? option.value : undefined;
}

/** The option values chosen in a select, a multi-select, or nothing. */
function selected(el: Record<string, unknown> | undefined): string[] {
  if (el === undefined) return [];
  if (Array.isArray(el.selected_options)) {
    return el.selected_options.map(optionValue).filter((v) => v !== undefined);
  }
  const one = optionValue(el.selected_option);
  return one === undefined ? [] : [one];
}

function typed(el: Record<string, unknown> | undefined): string | undefined {
  const value = el?.value;
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : undefined;
}

export function readExperimentModalState(
  stateValues: StateValues,
  lookup: StateLookup = {},
): Partial<ExperimentForm> {
  const form: Record<string, unknown> = {};
  const at = (field: FormField) =>
    element(stateValues, EXPERIMENT_MODAL.blocks[field], EXPERIMENT_MODAL.actions[field]);
  const put = (field: FormField, value: unknown) => {
    if (value !== undefined) form[field] = value;
  };
  const choice = <T>(field: FormField, schema: z.ZodType<T>) => {
    const parsed = schema.safeParse(selected(at(field))[0]);
    put(field, parsed.success ? parsed.data : undefined);
  };
  const number = (field: FormField) => {
    const text = typed(at(field));
    // Kept even when unreadable (NaN), so the check can say "enter a whole number".
    put(field, text === undefined ? undefined : Number(text));
  };

  for (const field of ['name', 'label', 'description'] as const) put(field, typed(at(field)));
  choice('type', CreatableExperimentType);
  choice('retroType', RetroType);
  number('parentExperimentId');
  choice('switchbackStrategy', SwitchbackStrategy);
  choice('markupScopeType', ExperimentMarkupScopeType);
  choice('exposure', ConsoleExposureType);
  number('propagateExposureDays');
  choice('statisticalMethod', StatisticsMethod);

  for (const field of DICTIONARY_FIELDS) {
    const spec = DICTIONARY_FIELD_SPECS[field];
    const candidates = lookup.dictionaries?.[spec.dictionary]?.map((i) => i.value);
    const values = selected(at(field))
      .map((v) => decodeOptionValue(v, candidates))
      .filter((v) => v !== undefined);
    if (spec.multiple) put(field, values.length > 0 ? values : undefined);
    else put(field, values[0]);
  }
  // The audience is not in the view: it is kept in the app's store (audience-draft.ts).
  return form as Partial<ExperimentForm>;
}

/**
 * `response_action: 'errors'` for a failed check: block_id → message. With the view, errors of
 * fields it does not show are dropped (Slack refuses errors for unknown blocks).
 */
export function formErrorsToBlockErrors(
  errors: FormErrors,
  messages: Messages,
  view?: { blocks: readonly { block_id?: string | undefined }[] },
): Record<string, string> {
  const shown = view === undefined ? undefined : new Set(view.blocks.map((b) => b.block_id));
  const out: Record<string, string> = {};
  for (const [field, code] of Object.entries(errors) as [FormField, NonNullable<FormErrors[FormField]>][]) {
    // The audience is a summary, not an input: its errors show on the markup choice above it.
    const blockId = EXPERIMENT_MODAL.blocks[field === 'segments' ? 'markupScopeType' : field];
    if (shown === undefined || shown.has(blockId)) out[blockId] = messages.experimentModal.errors[code];
  }
  return out;
}

const PICKER_BY_ACTION = new Map<string, PickerField>(
  ([...DICTIONARY_FIELDS, 'segments'] as const).map((field) => [EXPERIMENT_MODAL.actions[field], field]),
);

/** Which picker an options request (block_suggestion) is for, by its action_id. */
export function pickerFieldForAction(actionId: string): PickerField | undefined {
  return PICKER_BY_ACTION.get(actionId);
}
