import type { InputBlock, ModalView } from '@slack/types';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { encodeMetadata } from '../payload.js';
import { CONNECT_MODAL, ConnectModalMetadata } from './ids.js';

/** Longest base URL pre-filled; a longer one is not a plausible host and is left for the admin to type. */
const BASE_URL_MAX = 2000;

export interface ConnectModalInput {
  channelId: string;
  responseUrl?: string | undefined;
  /** Pre-filled base URL: the current connection's or the configured default. */
  baseUrl?: string | undefined;
  /** Offer "this channel only" (the command came from a channel that can hold a team's connection). */
  offerChannel?: boolean | undefined;
  /** Pre-select "this channel only" (the channel already has its own connection). */
  channelSelected?: boolean | undefined;
  messages: Messages;
}

/**
 * Base URL and token inputs. Slack has no password input: the hint says the token is visible while
 * typed; it is never echoed back in any view or message afterwards.
 */
export function connectModal(input: ConnectModalInput): ModalView {
  const texts = input.messages.modals.connect;
  const baseUrl = input.baseUrl?.trim();
  const baseUrlBlock: InputBlock = {
    type: 'input',
    block_id: CONNECT_MODAL.blocks.baseUrl,
    label: plain(texts.baseUrlLabel, LIMITS.inputLabel),
    hint: plain(texts.baseUrlHint, LIMITS.inputHint),
    element: {
      type: 'plain_text_input',
      action_id: CONNECT_MODAL.actions.baseUrl,
      placeholder: plain(texts.baseUrlPlaceholder, LIMITS.selectPlaceholder),
      max_length: BASE_URL_MAX,
      ...(baseUrl && baseUrl.length <= BASE_URL_MAX ? { initial_value: baseUrl } : {}),
    },
  };
  const tokenBlock: InputBlock = {
    type: 'input',
    block_id: CONNECT_MODAL.blocks.token,
    label: plain(texts.tokenLabel, LIMITS.inputLabel),
    hint: plain(texts.tokenHint, LIMITS.inputHint),
    element: {
      type: 'plain_text_input',
      action_id: CONNECT_MODAL.actions.token,
      placeholder: plain(texts.tokenPlaceholder, LIMITS.selectPlaceholder),
      max_length: LIMITS.plainTextInputMaxLength,
    },
  };
  return {
    type: 'modal',
    callback_id: CONNECT_MODAL.callbackId,
    title: plain(texts.title, LIMITS.viewTitle),
    submit: plain(texts.submit, LIMITS.viewSubmit),
    close: plain(input.messages.modals.cancel, LIMITS.viewClose),
    private_metadata: encodeMetadata(ConnectModalMetadata, {
      channelId: input.channelId,
      ...(input.responseUrl === undefined ? {} : { responseUrl: input.responseUrl }),
    }),
    blocks: [
      section(texts.intro, CONNECT_MODAL.blocks.intro),
      ...(input.offerChannel ? [scopeBlock(input)] : []),
      baseUrlBlock,
      tokenBlock,
    ],
  };
}

/** Workspace-wide, or this channel only (a team's own platform token, used only from its channel). */
function scopeBlock(input: ConnectModalInput): InputBlock {
  const texts = input.messages.modals.connect;
  const option = (value: string, label: string, description: string) => ({
    value,
    text: plain(label, LIMITS.optionText),
    description: plain(description, LIMITS.optionDescription),
  });
  const workspace = option(CONNECT_MODAL.scopes.workspace, texts.scopeWorkspace, texts.scopeWorkspaceHint);
  const channel = option(CONNECT_MODAL.scopes.channel, texts.scopeChannel, texts.scopeChannelHint);
  return {
    type: 'input',
    block_id: CONNECT_MODAL.blocks.scope,
    label: plain(texts.scopeLabel, LIMITS.inputLabel),
    element: {
      type: 'radio_buttons',
      action_id: CONNECT_MODAL.actions.scope,
      options: [workspace, channel],
      initial_option: input.channelSelected ? channel : workspace,
    },
  };
}
