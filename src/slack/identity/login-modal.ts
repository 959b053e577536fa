import type { ModalView } from '@slack/types';
import { channelMention, isSlackChannelId, plain, safe } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { encodeMetadata } from '../payload.js';
import { LOGIN_MODAL, LoginModalMetadata } from './ids.js';

/** One input: the person's own token for the platform the team's connection reaches. */
export function loginModal(input: {
  channelId: string;
  baseUrl: string;
  /** The channel has its own (team's) connection: say which platform that is. */
  channelConnection: boolean;
  messages: Messages;
}): ModalView {
  const texts = input.messages.identity.login;
  return {
    type: 'modal',
    callback_id: LOGIN_MODAL.callbackId,
    title: plain(texts.title, LIMITS.viewTitle),
    submit: plain(texts.submit, LIMITS.viewSubmit),
    close: plain(input.messages.modals.cancel, LIMITS.viewClose),
    private_metadata: encodeMetadata(LoginModalMetadata, {
      channelId: input.channelId,
      baseUrl: input.baseUrl,
    }),
    blocks: [
      section(
        texts.intro({
          baseUrl: safe(input.baseUrl, 500),
          channel:
            input.channelConnection && isSlackChannelId(input.channelId)
              ? channelMention(input.channelId)
              : undefined,
        }),
        LOGIN_MODAL.blocks.intro,
      ),
      {
        type: 'input',
        block_id: LOGIN_MODAL.blocks.token,
        label: plain(texts.tokenLabel, LIMITS.inputLabel),
        hint: plain(texts.tokenHint, LIMITS.inputHint),
        element: {
          type: 'plain_text_input',
          action_id: LOGIN_MODAL.actions.token,
          placeholder: plain(texts.tokenPlaceholder, LIMITS.selectPlaceholder),
          max_length: LIMITS.plainTextInputMaxLength,
        },
      },
    ],
  };
}
