import type { DictionaryOutcome } from '../../core/read-dictionary.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import { notConnectedMessage } from '../connection/replies.js';
import type { Messages } from '../messages/index.js';

/** The reply for a dictionary read that did not succeed; undefined when it did. */
export function dictionaryFailureMessage(
  outcome: DictionaryOutcome<unknown>,
  messages: Messages,
): SlackMessage | undefined {
  switch (outcome.kind) {
    case 'ok':
      return undefined;
    case 'not-connected':
      return notConnectedMessage({ messages });
    case 'connection-invalid':
      return textMessage(messages.errors.invalidToken);
    case 'failed':
      return platformErrorMessage(outcome.error, { messages });
  }
}
