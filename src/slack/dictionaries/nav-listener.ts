import type { BlockButtonAction } from '@slack/bolt';
import { readDictionary } from '../../core/read-dictionary.js';
import { buttonValueOrTold } from '../button-value.js';
import type { SlackListeners } from '../listener-registry.js';
import { workspaceFromBody } from '../workspace.js';
import { COMMAND_READ_BUDGET_MS } from './command.js';
import type { DictionariesDeps } from './deps.js';
import { dictionaryFailureMessage } from './failure-message.js';
import { DICT_ACTIONS, decodeDictPageValue } from './ids.js';
import { dictPageMessage } from './page.js';

/** Next/previous on a dictionary page: the same (cached) read, the page replaced in place. */
export function registerDictNavigation(listeners: SlackListeners): void {
  const actionIds = new RegExp(`^(${DICT_ACTIONS.prev}|${DICT_ACTIONS.next})$`);
  listeners.action<BlockButtonAction>(actionIds, (deps: DictionariesDeps) => [
    async ({ ack, body, action, respond }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'dict_page' });
      const value = await buttonValueOrTold(deps.messages, respond, decodeDictPageValue, action.value);
      if (value === undefined) return;
      const outcome = await readDictionary(deps, workspaceFromBody(body), value.name, {
        body: value.body,
        channelId: body.channel?.id,
        budgetMs: COMMAND_READ_BUDGET_MS,
      });
      const reply =
        outcome.kind === 'ok'
          ? dictPageMessage({
              dictionary: outcome.dictionary,
              filter: value.filter,
              page: value.page,
              body: value.body,
              messages: deps.messages,
            })
          : dictionaryFailureMessage(outcome, deps.messages);
      if (reply) await respond({ response_type: 'ephemeral', replace_original: true, ...reply });
    },
  ]);
}
