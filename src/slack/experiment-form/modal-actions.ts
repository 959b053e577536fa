import type { BlockAction } from '@slack/bolt';
import { actionAccess } from '../access/middleware.js';
import { experimentActionTarget } from '../access/payload-targets.js';
import type { SlackListeners } from '../listener-registry.js';
import { bindingOf, openViewMetadata } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import type { ExperimentFormDeps } from './deps.js';
import { currentForm } from './form-context.js';
import { EXPERIMENT_MODAL_ACTION_ID_PATTERN } from './ids.js';
import { loadModalDictionaries } from './load-dictionaries.js';
import { experimentModal } from './modal.js';
import { ExperimentModalMetadata } from './modal-metadata.js';
import type { StateValues } from './modal-state.js';

/** Within an interaction's window, from the cache: the form must change as the user clicks. */
const UPDATE_BUDGET_MS = 2_000;

/**
 * A choice that changes which fields apply (type, markup scope, exposure, retro type, domain…)
 * rebuilds the modal from its current state and updates it with the view's hash, so a stale
 * update never overwrites a newer one (hash_conflict is expected and ignored).
 */
export function registerExperimentModalActions(listeners: SlackListeners): void {
  listeners.action<BlockAction>(EXPERIMENT_MODAL_ACTION_ID_PATTERN, (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client }) => {
      await ack();
      const view = body.view;
      if (!view) return;
      deps.metrics.inc('exp_interactions_total', { kind: 'experiment_modal_change' });
      // The form is rebuilt and sealed again for this person: only metadata the app sealed for them
      // may be carried over (a forged one would otherwise come back with the app's seal).
      const opened = await openViewMetadata(deps, {
        purpose: 'experiment-form',
        body,
        text: view.private_metadata,
        schema: ExperimentModalMetadata,
      });
      if (!opened.ok) return;
      const metadata = opened.value;
      const loaded = await loadModalDictionaries(deps, workspaceFromBody(body), {
        budgetMs: UPDATE_BUDGET_MS,
        channelId: metadata.channelId,
      });
      if (loaded.kind !== 'ok') return;
      const lookup = { dictionaries: loaded.dictionaries, segmentPredicates: loaded.predicates };
      const { form, readOnly } = await currentForm(deps, {
        state: view.state.values as StateValues,
        lookup,
        metadata,
      });
      const next = experimentModal({
        mode: metadata.mode,
        experimentId: metadata.experimentId,
        form,
        readOnly,
        dictionaries: loaded.dictionaries,
        segmentPredicates: loaded.predicates,
        metadata,
        messages: deps.messages,
      });
      try {
        await client.views.update({
          view_id: view.id,
          hash: view.hash,
          view: deps.viewSeal.seal(bindingOf('experiment-form', body), next),
        });
      } catch (error) {
        const code = (error as { data?: { error?: string } }).data?.error;
        if (code === 'hash_conflict')
          deps.logger.debug('experiment modal changed meanwhile', { viewId: view.id });
        else deps.logger.warn('views.update failed for the experiment modal', { error, code });
      }
    },
  ]);
}
