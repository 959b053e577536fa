import type { Button } from '@slack/types';
import type { ConsoleExperimentContextPredicatesRequest } from '../../console/schemas.js';
import type { DictionaryName } from '../../console/types.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import type { Messages } from '../messages/index.js';
import { DICT_ACTIONS, encodeDictPageValue } from './ids.js';

export interface DictNavInput {
  name: DictionaryName;
  /** Already clipped with clipDictFilter. */
  filter: string | undefined;
  body?: ConsoleExperimentContextPredicatesRequest | undefined;
  page: number;
  totalPages: number;
  messages: Messages;
}

/**
 * Previous and next buttons, each carrying the whole request for its page: the listener needs no
 * state of its own, and a page past the end after a refresh is clamped by paginate.
 */
export function dictNavButtons(input: DictNavInput): Button[] {
  const { name, filter, body, page, totalPages, messages } = input;
  const button = (actionId: string, label: string, target: number): Button => ({
    type: 'button',
    action_id: actionId,
    text: plain(label, LIMITS.buttonText),
    value: encodeDictPageValue({
      name,
      page: target,
      ...(filter === undefined ? {} : { filter }),
      ...(body === undefined ? {} : { body }),
    }),
  });
  const buttons: Button[] = [];
  if (page > 1) buttons.push(button(DICT_ACTIONS.prev, messages.dict.previous, page - 1));
  if (page < totalPages) buttons.push(button(DICT_ACTIONS.next, messages.dict.next, page + 1));
  return buttons;
}
