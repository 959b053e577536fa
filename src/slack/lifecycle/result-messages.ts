import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';

/** Ephemeral ack sent before the platform call; replaced or deleted once the result is known. */
export function workingMessage(input: {
  action: LifecycleAction;
  experimentId: number;
  messages: Messages;
}): SlackMessage {
  return textMessage(input.messages.lifecycle.working(input));
}

/** Ephemeral: a second click on the same action while the first is still running. */
export function duplicateClickMessage(input: { messages: Messages }): SlackMessage {
  return textMessage(input.messages.lifecycle.duplicateClick);
}
