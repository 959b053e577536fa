import type { InputBlock, InputBlockElement, PlainTextOption } from '@slack/types';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { DictValue } from '../../core/experiment-form.js';
import { plain, truncate } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import type { ExperimentModalMessages } from './messages.js';
import { dictionaryOption, isTree, toOptionList } from './modal-options.js';

// Element builders of the create/edit modal. Each input block keeps its block_id and action_id for
// the life of the modal, whatever element it holds, so Slack keeps what was typed across updates.

export interface InputSpec {
  blockId: string;
  actionId: string;
  label: string;
  optional: boolean;
  /** Visibility of other fields depends on this one: Slack then sends block_actions on change. */
  dispatch?: boolean;
  hint?: string | undefined;
  /** A submission error for this field: shown in place of the hint. */
  error?: string | undefined;
}

export function inputBlock(spec: InputSpec, element: InputBlockElement): InputBlock {
  const hint = spec.error === undefined ? spec.hint : `⚠️ ${spec.error}`;
  return {
    type: 'input',
    block_id: spec.blockId,
    label: plain(spec.label, LIMITS.inputLabel),
    ...(spec.optional ? { optional: true } : {}),
    ...(spec.dispatch ? { dispatch_action: true } : {}),
    ...(hint === undefined ? {} : { hint: plain(hint, LIMITS.inputHint) }),
    element,
  };
}

export function textElement(
  actionId: string,
  value: string | undefined,
  options: { max: number; multiline?: boolean; placeholder?: string },
): InputBlockElement {
  const initial = value?.trim();
  return {
    type: 'plain_text_input',
    action_id: actionId,
    max_length: options.max,
    ...(options.multiline ? { multiline: true } : {}),
    ...(options.placeholder ? { placeholder: plain(options.placeholder, LIMITS.selectPlaceholder) } : {}),
    ...(initial ? { initial_value: truncate(initial, options.max) } : {}),
  };
}

export function positiveIntegerElement(actionId: string, value: number | undefined): InputBlockElement {
  return {
    type: 'number_input',
    action_id: actionId,
    is_decimal_allowed: false,
    min_value: '1',
    ...(value !== undefined && Number.isSafeInteger(value) && value > 0
      ? { initial_value: String(value) }
      : {}),
  };
}

/** A select over values the interface defines; the value is the enum value itself. */
export function enumElement<T extends string>(
  actionId: string,
  labels: Readonly<Record<T, string>>,
  values: readonly T[],
  selected: T | undefined,
  placeholder: string,
): InputBlockElement {
  const options: PlainTextOption[] = values.map((v) => ({
    text: plain(labels[v], LIMITS.optionText),
    value: v,
  }));
  const initial = options.find((o) => o.value === selected);
  return {
    type: 'static_select',
    action_id: actionId,
    placeholder: plain(placeholder, LIMITS.selectPlaceholder),
    options,
    ...(initial === undefined ? {} : { initial_option: initial }),
  };
}

export interface DictionaryPickerSpec {
  actionId: string;
  items: readonly DictionaryItem[];
  selected: readonly DictValue[];
  multiple: boolean;
  /** Type-to-search (block_suggestion) instead of a static menu. */
  external: boolean;
  maxSelected?: number;
}

export interface DictionaryPicker {
  element: InputBlockElement;
  /** Current values the dictionary does not hold (any more): they cannot be shown as chosen. */
  missing: DictValue[];
}

/** Static menus hold at most 100 options; an empty dictionary gets a search box that finds nothing. */
export function needsExternal(items: readonly DictionaryItem[]): boolean {
  return items.length === 0 || items.length > LIMITS.selectOptions;
}

export function dictionaryPicker(
  spec: DictionaryPickerSpec,
  texts: ExperimentModalMessages,
): DictionaryPicker {
  const byValue = new Map<DictValue, DictionaryItem>();
  for (const item of spec.items) if (!byValue.has(item.value)) byValue.set(item.value, item);
  // A selected option must read exactly as the menu shows it (tree items by their path).
  const tree = isTree(spec.items);
  const chosen: PlainTextOption[] = [];
  const missing: DictValue[] = [];
  for (const value of spec.selected) {
    const item = byValue.get(value);
    if (item) chosen.push(dictionaryOption(item, tree));
    else missing.push(value);
  }
  const placeholder = plain(
    spec.external ? texts.searchPlaceholder : texts.selectPlaceholder,
    LIMITS.selectPlaceholder,
  );
  const common = { action_id: spec.actionId, placeholder };
  const max = spec.maxSelected === undefined ? {} : { max_selected_items: spec.maxSelected };
  let element: InputBlockElement;
  if (spec.external) {
    // 0: the first options arrive when the menu opens, before anything is typed.
    element = spec.multiple
      ? { type: 'multi_external_select', ...common, min_query_length: 0, ...max, ...initialMany(chosen) }
      : { type: 'external_select', ...common, min_query_length: 0, ...initialOne(chosen) };
  } else {
    const list = toOptionList(spec.items, texts.ungrouped, tree);
    element = spec.multiple
      ? { type: 'multi_static_select', ...common, ...list, ...max, ...initialMany(chosen) }
      : { type: 'static_select', ...common, ...list, ...initialOne(chosen) };
  }
  return { element, missing };
}

function initialOne(chosen: PlainTextOption[]) {
  return chosen[0] === undefined ? {} : { initial_option: chosen[0] };
}

function initialMany(chosen: PlainTextOption[]) {
  return chosen.length === 0 ? {} : { initial_options: chosen.slice(0, LIMITS.selectOptions) };
}
