import type { ContextBlock, SectionBlock } from '@slack/types';
import type { DictValue, ExperimentForm, FormField } from '../../core/experiment-form.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { context, section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { EXPERIMENT_MODAL, LIST_SUMMARY } from './ids.js';
import { textTooLong } from './kept-fields.js';
import { isListField } from './list-view.js';

/**
 * A field an edit keeps without offering an input: a plain note in the input's place saying what is
 * there and why it is kept ("150 values, kept as they are").
 */
export function readOnlyBlock(
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
