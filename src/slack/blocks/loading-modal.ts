import type { ModalView } from '@slack/types';
import { BLOCKS, LOADING_MODAL } from '../ids.js';
import type { Messages } from '../messages/index.js';
import { plain } from './escape.js';
import { LIMITS } from './limits.js';
import { section } from './message.js';

/**
 * Opened within the trigger's 3 s life, before any slow work, then replaced with views.update.
 * No submit button: it holds no input.
 */
export function loadingModal(input: { title?: string | undefined; messages: Messages }): ModalView {
  const title = input.title?.trim() ? input.title : input.messages.modals.loadingTitle;
  return {
    type: 'modal',
    callback_id: LOADING_MODAL.callbackId,
    title: plain(title, LIMITS.viewTitle),
    close: plain(input.messages.modals.cancel, LIMITS.viewClose),
    blocks: [section(input.messages.modals.loadingText, BLOCKS.loading)],
  };
}
