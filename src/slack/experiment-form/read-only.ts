import type { ContextBlock, KnownBlock, SectionBlock } from '@slack/types';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { DictValue, ExperimentForm, FormField } from '../../core/experiment-form.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { context, section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { EXPERIMENT_MODAL, LIST_SUMMARY } from './ids.js';
import { textTooLong } from './kept-fields.js';
import { isListField } from './list-view.js';
import type { PickerField } from './modal-items.js';
import { initialStateOf } from './opened-state.js';

/**
 * A field an edit keeps without offering an input: a plain note in the input's place saying what is
 * there and why it is kept ("150 values, kept as they are").
 */
function readOnlyBlock(
  field: FormField,
  form: Partial<ExperimentForm>,
  messages: Messages,
  offered?: ReadonlySet<DictValue>,
): ContextBlock | SectionBlock {
  const text = readOnlyText(field, form, messages, offered);
  const blockId = `${EXPERIMENT_MODAL.blocks[field]}_kept`;
  if (!isListField(field) || !Array.isArray(form[field])) return context([text], blockId);
  // A list no menu holds is still edited: value by value, in the list view.
  return {
    ...section(text, blockId),
    accessory: {
      type: 'button',
      action_id: LIST_SUMMARY.editActionId,
      text: plain(messages.experimentEdit.editList, LIMITS.buttonText),
      value: field,
    },
  };
}

function readOnlyText(
  field: FormField,
  form: Partial<ExperimentForm>,
  messages: Messages,
  offered: ReadonlySet<DictValue> | undefined,
) {
  const texts = messages.experimentEdit;
  const label = messages.experimentModal.labels[field];
  const value = form[field];
  if (field === 'type' && form.type === 'adhoc') return texts.adhocKept({ label });
  if (typeof value === 'string' && textTooLong(value)) {
    return texts.keptText({ label, length: value.length, max: LIMITS.plainTextInputMaxLength });
  }
  if (Array.isArray(value) && value.length > 0) {
    const notOffered = offered === undefined ? 0 : value.filter((v) => !offered.has(v as DictValue)).length;
    return texts.keptList({ label, count: value.length, notOffered, max: LIMITS.selectOptions });
  }
  return texts.lockedField({ label });
}

/**
 * In an edit, an input that opens empty has nothing to keep: Slack must not insist on a value the
 * person never removed (a retro experiment without a retro type can still be renamed).
 */
export function optionalWhereEmpty(blocks: KnownBlock[], mode: 'create' | 'edit'): KnownBlock[] {
  if (mode !== 'edit') return blocks;
  const initial = initialStateOf({ blocks });
  return blocks.map((block) => {
    if (block.type !== 'input' || block.block_id === undefined) return block;
    const state = Object.values(initial[block.block_id] ?? {})[0] as Record<string, unknown> | undefined;
    const empty =
      state === undefined ||
      ((state.value ?? null) === null &&
        (state.selected_option ?? null) === null &&
        (!Array.isArray(state.selected_options) || state.selected_options.length === 0));
    return empty ? { ...block, optional: true } : block;
  });
}

/** Read-only fields lose their input: a plain note says what is there and that it is kept. */
export function withReadOnly(
  blocks: KnownBlock[],
  input: { readOnly?: readonly FormField[] | undefined; form: Partial<ExperimentForm>; messages: Messages },
  items: ReadonlyMap<PickerField, readonly DictionaryItem[]>,
): KnownBlock[] {
  const readOnly = new Map(
    (input.readOnly ?? [])
      .filter((field) => field !== 'segments')
      .map((field) => [EXPERIMENT_MODAL.blocks[field] as string, field] as const),
  );
  return blocks.map((block) => {
    const field = block.block_id === undefined ? undefined : readOnly.get(block.block_id);
    if (field === undefined) return block;
    const offered = items.get(field as PickerField)?.map((item) => item.value);
    return readOnlyBlock(field, input.form, input.messages, offered && new Set(offered));
  });
}
