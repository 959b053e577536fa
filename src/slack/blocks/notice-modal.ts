import type { ModalView } from '@slack/types';
import type { Messages } from '../messages/index.js';
import { code, plain, type SafeText } from './escape.js';
import { LIMITS } from './limits.js';
import { type SlackMessage, section, textMessage } from './message.js';

/** A modal that only tells something (no inputs, no submit): refusals and outcomes inside a modal flow. */
export function noticeModal(
  input: { title: string; messages: Messages } & ({ text: SafeText } | { message: SlackMessage }),
): ModalView {
  return {
    type: 'modal',
    title: plain(input.title, LIMITS.viewTitle),
    close: plain(input.messages.modals.cancel, LIMITS.viewClose),
    blocks: 'message' in input ? input.message.blocks.slice(0, LIMITS.viewBlocks) : [section(input.text)],
  };
}

/** Ephemeral: Slack would not open a modal (expired trigger, rate limit); names Slack's error code. */
export function modalOpenFailedMessage(input: { error: unknown; messages: Messages }): SlackMessage {
  const data = (input.error as { data?: { error?: unknown } } | undefined)?.data;
  const reason = typeof data?.error === 'string' ? data.error : 'unknown_error';
  return textMessage(input.messages.modals.openFailed({ error: code(reason, 80) }));
}
