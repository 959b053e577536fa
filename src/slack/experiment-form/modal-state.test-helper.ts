import type { InputBlock, ModalView } from '@slack/types';
import { normaliseDictionary } from '../../console/dictionaries/normalise.js';
import { readContextPredicates } from '../../console/dictionaries/predicates.js';
import { DICTIONARY_NAMES } from '../../console/types.js';
import { createDictionaries } from '../../dev/sandbox/model/dictionaries.js';
import type { ModalDictionaries, SegmentPredicates } from './modal-items.js';
import type { StateValues } from './modal-state.js';

/** The sandbox's dictionaries read through the real normaliser, as the app sees them. */
export function sandboxDictionaries(): { dictionaries: ModalDictionaries; predicates: SegmentPredicates } {
  const raw = createDictionaries();
  const dictionaries: ModalDictionaries = {};
  let predicates: SegmentPredicates = { items: [] };
  for (const name of DICTIONARY_NAMES) {
    const normalised = normaliseDictionary(name, raw[name]);
    dictionaries[name] = normalised.items;
    if (name === 'context-param-predicates') predicates = readContextPredicates(normalised.extra);
  }
  return { dictionaries, predicates };
}

type Obj = Record<string, unknown>;

/**
 * view.state.values as Slack sends it for a view whose inputs were left as rendered: the shapes of
 * the view_submission reference ({type, selected_option|selected_options|value}), null when empty.
 */
export function submittedState(view: ModalView, overrides: StateValues = {}): StateValues {
  const values: StateValues = {};
  for (const block of view.blocks) {
    if (block.type !== 'input' || block.block_id === undefined) continue;
    const el = (block as InputBlock).element as unknown as Obj;
    const actionId = el.action_id as string;
    const type = el.type as string;
    let state: Obj;
    if (type.startsWith('multi_')) state = { type, selected_options: el.initial_options ?? [] };
    else if (type.endsWith('_select')) state = { type, selected_option: el.initial_option ?? null };
    else state = { type, value: el.initial_value ?? null };
    values[block.block_id] = { [actionId]: state };
  }
  for (const [blockId, actions] of Object.entries(overrides)) {
    values[blockId] = { ...values[blockId], ...actions };
  }
  return values;
}

/** All options a static select offers, flattened from options or option_groups. */
export function optionsOf(element: unknown): { text: { text: string }; value: string }[] {
  const el = element as Obj;
  if (Array.isArray(el.options)) return el.options as never;
  if (Array.isArray(el.option_groups)) {
    return (el.option_groups as { options: never[] }[]).flatMap((g) => g.options);
  }
  return [];
}
