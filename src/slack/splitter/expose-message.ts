import type { Button } from '@slack/types';
import type { Participant } from '../../splitter/schemas.js';
import { joinSafe, plain, safe, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import {
  actions,
  fallbackText,
  message,
  type SlackMessage,
  section,
  textMessage,
} from '../blocks/message.js';
import { BLOCKS } from '../ids.js';
import type { Messages } from '../messages/index.js';
import { SlackPayloadError } from '../payload.js';
import { type PlatformInput, participantText, platformText, SPLITTER_LABEL_MAX } from './describe.js';
import { EXPOSE_ACTIONS, encodeExposeValue, SPLITTER_BLOCKS } from './ids.js';

export interface ExposeInput {
  /** The experiment label as typed: sent to the splitter unchanged, shown escaped. */
  label: string;
  platform: PlatformInput;
  participant: Participant;
  messages: Messages;
}

function describe(input: ExposeInput) {
  return {
    label: safe(input.label, SPLITTER_LABEL_MAX),
    platform: platformText(input.platform, input.messages),
    participant: participantText(input.participant, input.messages),
  };
}

/**
 * Ephemeral: an exposure changes the experiment's statistics, so the command only asks, and the
 * Confirm button registers it. This message is the one confirmation: the button opens no second
 * dialog. Both buttons carry the whole request, so the listener needs no state. A request too long
 * for a button value gets an explanation and no buttons.
 */
export function exposeConfirmMessage(input: ExposeInput): SlackMessage {
  const { messages } = input;
  const e = messages.splitter.expose;
  let value: string;
  try {
    value = encodeExposeValue({
      label: input.label,
      platformId: input.platform.id,
      participant: input.participant,
    });
  } catch (error) {
    if (error instanceof SlackPayloadError && error.reason === 'too-large') {
      return textMessage(e.tooLong, BLOCKS.errorText);
    }
    throw error;
  }
  const confirm: Button = {
    type: 'button',
    action_id: EXPOSE_ACTIONS.confirm,
    text: plain(e.confirmButton, LIMITS.buttonText),
    style: 'primary',
    value,
  };
  const cancel: Button = {
    type: 'button',
    action_id: EXPOSE_ACTIONS.cancel,
    text: plain(e.cancelButton, LIMITS.buttonText),
    value,
  };
  const question = e.confirmText(describe(input));
  return message(fallbackText([question, e.statsWarning]), [
    section(joinSafe([question, e.statsWarning]), SPLITTER_BLOCKS.exposeText),
    actions([confirm, cancel], SPLITTER_BLOCKS.exposeActions),
  ]);
}

/** The exposure was registered; userId (a Slack user id) names who confirmed it. */
export function exposeDoneMessage(input: ExposeInput & { userId?: string | undefined }): SlackMessage {
  const user = input.userId === undefined ? undefined : userMention(input.userId);
  return textMessage(
    input.messages.splitter.expose.done({ ...describe(input), user }),
    SPLITTER_BLOCKS.exposeText,
  );
}

export function exposeCancelledMessage(input: {
  label?: string | undefined;
  messages: Messages;
}): SlackMessage {
  const label = input.label === undefined ? undefined : safe(input.label, SPLITTER_LABEL_MAX);
  return textMessage(input.messages.splitter.expose.cancelled({ label }), SPLITTER_BLOCKS.exposeText);
}
