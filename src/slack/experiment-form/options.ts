import type { BlockSuggestion } from '@slack/bolt';
import { DICTIONARY_FIELD_SPECS } from '../../core/experiment-fields.js';
import { readDictionary } from '../../core/read-dictionary.js';
import { optionsAccess } from '../access/middleware.js';
import { experimentOptionsTarget } from '../access/payload-targets.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import type { SlackListeners } from '../listener-registry.js';
import { openViewMetadata } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import type { ExperimentFormDeps } from './deps.js';
import { offeredItems } from './modal-items.js';
import { ExperimentModalMetadata } from './modal-metadata.js';
import { optionsForQuery } from './modal-options.js';
import { pickerFieldForAction, readExperimentModalState, type StateValues } from './modal-state.js';

/**
 * Options requests must be answered synchronously within 3 s and cannot be deferred: they are
 * served from the dictionary cache; a cold cache gets a short budget, and a miss says "still
 * loading" (the fetch goes on and fills the cache for the next keystroke).
 */
const OPTIONS_BUDGET_MS = 1_500;

export function registerExperimentOptions(listeners: SlackListeners): void {
  listeners.options<'block_suggestion'>(/^exp_xm_/, (deps: ExperimentFormDeps) => [
    optionsAccess(deps, experimentOptionsTarget),
    async ({ ack, body }) => {
      const suggestion = body as BlockSuggestion;
      const field = pickerFieldForAction(suggestion.action_id);
      if (!field) return ack({ options: [] });
      const view = suggestion.view as
        | { state?: { values?: StateValues }; private_metadata?: string }
        | undefined;
      // The form's channel decides whose connection is read: only from a form the app opened for them.
      const opened = await openViewMetadata(deps, {
        purpose: 'experiment-form',
        body: suggestion,
        text: view?.private_metadata,
        schema: ExperimentModalMetadata,
        audit: false,
      });
      if (!opened.ok) return ack({ options: [] });
      const name =
        field === 'segments' ? 'context-param-predicates' : DICTIONARY_FIELD_SPECS[field].dictionary;
      const outcome = await readDictionary(deps, workspaceFromBody(suggestion), name, {
        budgetMs: OPTIONS_BUDGET_MS,
        channelId: opened.value.channelId,
      });
      if (outcome.kind !== 'ok') {
        deps.metrics.inc('exp_interactions_total', { kind: 'options_miss' });
        return ack({
          options: [
            {
              text: plain(deps.messages.experiments.loadingOption, LIMITS.optionText),
              value: '__loading__',
            },
          ],
        });
      }
      deps.metrics.inc('exp_interactions_total', { kind: 'options' });
      const form = readExperimentModalState(view?.state?.values ?? {});
      const items = offeredItems(field, { [name]: outcome.dictionary.items }, form, {
        earlierParams: opened.value.earlierParams,
      });
      return ack(
        optionsForQuery(
          items,
          suggestion.value ?? '',
          LIMITS.selectOptions,
          deps.messages.experimentModal.ungrouped,
        ),
      );
    },
  ]);
}
