import type { ContextBlock } from '@slack/types';
import type { DictValue, ExperimentForm, FormField } from '../../core/experiment-form.js';
import { LIMITS } from '../blocks/limits.js';
import { context } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { EXPERIMENT_MODAL } from './ids.js';
import { textTooLong } from './kept-fields.js';

/**
 * A field an edit keeps without offering an input: a plain note in the input's place saying what is
 * there and why it is kept ("150 values, kept as they are").
 */
export function readOnlyBlock(
  field: FormField,
  form: Partial<ExperimentForm>,
  messages: Messages,
  offered?: ReadonlySet<DictValue>,
): ContextBlock {
  return context([readOnlyText(field, form, messages, offered)], `${EXPERIMENT_MODAL.blocks[field]}_kept`);
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
