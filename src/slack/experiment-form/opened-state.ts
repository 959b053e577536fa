import type { ExperimentForm } from '../../core/experiment-form.js';
import { readExperimentModalState, type StateLookup, type StateValues } from './modal-state.js';

type ViewBlocks = { blocks: readonly { type: string; block_id?: string | undefined }[] };

// What each widget of a view reports before anyone touches it, as Slack reports it in
// view.state.values: the initial value, option or options; an empty input reports null or none.

export function initialStateOf(view: ViewBlocks): StateValues {
  const state: StateValues = {};
  for (const block of view.blocks) {
    if (block.type !== 'input' || block.block_id === undefined) continue;
    const element = (block as { element?: Record<string, unknown> }).element ?? {};
    const type = String(element.type);
    const actionId = String(element.action_id);
    let value: Record<string, unknown>;
    if (type.startsWith('multi_')) value = { type, selected_options: element.initial_options ?? [] };
    else if (type.endsWith('_select')) value = { type, selected_option: element.initial_option ?? null };
    else value = { type, value: element.initial_value ?? null };
    state[block.block_id] = { [actionId]: value };
  }
  return state;
}

/** The form an untouched view submits: what a submission is compared with to find what changed. */
export function openedWidgets(view: ViewBlocks, lookup: StateLookup): Partial<ExperimentForm> {
  return readExperimentModalState(initialStateOf(view), lookup);
}
