import type { ModalView } from '@slack/types';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { encodeMetadata } from '../payload.js';
import { REJECT_MODAL, REJECT_REASON_MAX, RejectModalMetadata } from './ids.js';

/** Reject with an optional reason: the requester is told it, with the rejection. */
export function rejectModal(input: { metadata: RejectModalMetadata; messages: Messages }): ModalView {
  const texts = input.messages.requests.rejectModal;
  return {
    type: 'modal',
    callback_id: REJECT_MODAL.callbackId,
    title: plain(texts.title, LIMITS.viewTitle),
    submit: plain(texts.submit, LIMITS.viewSubmit),
    close: plain(input.messages.modals.cancel, LIMITS.viewClose),
    private_metadata: encodeMetadata(RejectModalMetadata, input.metadata),
    blocks: [
      section(texts.intro, REJECT_MODAL.blocks.intro),
      {
        type: 'input',
        block_id: REJECT_MODAL.blocks.reason,
        optional: true,
        label: plain(texts.reasonLabel, LIMITS.inputLabel),
        element: {
          type: 'plain_text_input',
          action_id: REJECT_MODAL.actions.reason,
          multiline: true,
          max_length: REJECT_REASON_MAX,
          placeholder: plain(texts.reasonPlaceholder, LIMITS.selectPlaceholder),
        },
      },
    ],
  };
}
