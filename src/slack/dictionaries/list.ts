import type { HeaderBlock } from '@slack/types';
import { DICTIONARY_NAMES, type DictionaryName } from '../../console/types.js';
import { escapeMrkdwn, joinSafe, plain, safe } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { fallbackText, message, type SlackMessage, section, textMessage } from '../blocks/message.js';
import { ECHO_MAX } from '../command/help-replies.js';
import { BLOCKS } from '../ids.js';
import type { Messages } from '../messages/index.js';
import { DICT_BLOCKS } from './ids.js';

/** `/exp dict`: every dictionary on its own line, with what it holds and how to open it. */
export function dictListMessage(input: { messages: Messages }): SlackMessage {
  const { dict } = input.messages;
  const header: HeaderBlock = {
    type: 'header',
    block_id: DICT_BLOCKS.listHeader,
    text: plain(dict.listHeader, LIMITS.headerText),
  };
  const lines = DICTIONARY_NAMES.map((name) =>
    dict.listLine({ name, description: escapeMrkdwn(dict.descriptions[name]) }),
  );
  const names = escapeMrkdwn(DICTIONARY_NAMES.join(', '));
  return message(fallbackText([dict.listFallback({ names })]), [
    header,
    section(dict.listIntro, DICT_BLOCKS.listIntro),
    section(joinSafe(lines), DICT_BLOCKS.list),
    section(dict.listExamples, DICT_BLOCKS.listExamples),
  ]);
}

/** A name that resolveDictionaryName did not know, with the nearest one when there is one. */
export function dictUnknownNameMessage(input: {
  input: string;
  suggestion: DictionaryName | undefined;
  messages: Messages;
}): SlackMessage {
  const text = input.messages.dict.unknownName({
    input: safe(input.input, ECHO_MAX),
    suggestion: input.suggestion,
  });
  return textMessage(text, BLOCKS.errorText);
}
