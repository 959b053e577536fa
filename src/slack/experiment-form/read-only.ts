import type { ContextBlock } from '@slack/types';
import type { ExperimentForm, FormField } from '../../core/experiment-form.js';
import { context } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { EXPERIMENT_MODAL } from './ids.js';

/** A field an edit keeps without offering an input: a plain note in the input's place. */
export function readOnlyBlock(
  field: FormField,
  form: Partial<ExperimentForm>,
  messages: Messages,
): ContextBlock {
  const label = messages.experimentModal.labels[field];
  const text =
    field === 'type' && form.type === 'adhoc'
      ? messages.experimentEdit.adhocKept({ label })
      : messages.experimentEdit.lockedField({ label });
  return context([text], `${EXPERIMENT_MODAL.blocks[field]}_kept`);
}
