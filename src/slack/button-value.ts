import type { RespondFn } from '@slack/bolt';
import { textMessage } from './blocks/message.js';
import type { Messages } from './messages/index.js';
import { SlackPayloadError } from './payload.js';

/**
 * A clicked button's value decoded with its schema (payload.ts), or undefined once the person who
 * clicked was told it could not be read (a button of an older version, or forged): nothing is done.
 */
export async function buttonValueOrTold<T>(
  messages: Messages,
  respond: RespondFn,
  decode: (text: string) => T,
  value: string | undefined,
): Promise<T | undefined> {
  try {
    return decode(value ?? '');
  } catch (error) {
    if (!(error instanceof SlackPayloadError)) throw error;
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      ...textMessage(messages.input.unreadableButton),
    });
    return undefined;
  }
}
