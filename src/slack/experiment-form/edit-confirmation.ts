import { checkEditConflict } from '../../core/edit-conflicts.js';
import { changesDetail, describeChanges } from '../../core/experiment-changes.js';
import type { ExperimentForm } from '../../core/experiment-form.js';
import { type SaveExperimentRequest, saveExperiment } from '../../core/save-experiment.js';
import { grantOf, viewAccess } from '../access/middleware.js';
import { experimentSubmissionTarget } from '../access/payload-targets.js';
import { joinSafe, safe } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import { noticeModal } from '../blocks/notice-modal.js';
import type { SlackListeners } from '../listener-registry.js';
import { openViewMetadata } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import { readStoredForm } from './audience-draft.js';
import { changeText, filterLookupOf } from './change-summary.js';
import { conflictActionLine } from './conflict-lines.js';
import type { ExperimentFormDeps } from './deps.js';
import { originalOf } from './form-context.js';
import { EDIT_CONFIRM_VIEW } from './ids.js';
import { loadModalDictionaries } from './load-dictionaries.js';
import { ExperimentModalMetadata } from './modal-metadata.js';
import { type EarlyOutcome, runSave } from './save-flow.js';

const DICTIONARY_BUDGET_MS = 500;

type Ack = (response?: Record<string, unknown>) => Promise<void>;

/**
 * Save on the confirmation: first, did the experiment change since the form opened (on the platform,
 * or through someone's action in the app)? Then it is shown and nothing is sent. Otherwise the PATCH
 * carries the fields the confirmation listed, and the message after saving shows the same diff.
 */
export function registerEditConfirmation(listeners: SlackListeners): void {
  listeners.view(EDIT_CONFIRM_VIEW.callbackId, (deps: ExperimentFormDeps) => [
    // No input to carry a refusal: the view is replaced by a notice saying why.
    viewAccess(deps, experimentSubmissionTarget, () => undefined),
    async ({ ack: rawAck, body, view, client, context }) => {
      const ack = rawAck as Ack;
      const { messages } = deps;
      deps.metrics.inc('exp_interactions_total', { kind: 'experiment_edit_confirm' });
      const opened = await openViewMetadata(deps, {
        purpose: 'experiment-form',
        body,
        text: view.private_metadata,
        schema: ExperimentModalMetadata,
      });
      const expired = (text: string) =>
        ack({
          response_action: 'update',
          view: noticeModal({
            title: messages.experimentEdit.saveFailedTitle,
            text: safe(text, 2000),
            messages,
          }),
        });
      if (!opened.ok) return expired(opened.text);
      const metadata = opened.value;
      const experimentId = metadata.experimentId;
      const form = (await readStoredForm(deps, metadata.confirmKey)) as ExperimentForm | undefined;
      const original = await originalOf(deps, metadata);
      if (metadata.mode !== 'edit' || experimentId === undefined || !form || !original)
        return expired(String(messages.experimentEdit.audienceExpired));
      const workspace = workspaceFromBody(body);
      const loaded = await loadModalDictionaries(deps, workspace, {
        budgetMs: DICTIONARY_BUDGET_MS,
        channelId: metadata.channelId,
      });
      const dictionaries = loaded.kind === 'ok' ? loaded.dictionaries : {};
      const lookup = filterLookupOf(dictionaries, loaded.kind === 'ok' ? loaded.predicates : undefined);
      const changes = describeChanges(original, form, deps.experimentFields);
      const actorId = body.user.id;
      const request: SaveExperimentRequest = {
        mode: 'edit',
        workspace,
        experimentId,
        original,
        form,
        actorId,
        channelId: metadata.channelId,
        grant: grantOf(context),
      };
      const run = async (): Promise<EarlyOutcome> => {
        const conflict = await checkEditConflict(deps, workspace, {
          experimentId,
          original,
          openedAt: metadata.openedAt ?? new Date(0).toISOString(),
          actorId,
          via: { userId: actorId, channelId: metadata.channelId },
        });
        if (conflict.kind === 'none') return saveExperiment(deps, request);
        const texts = messages.experimentEdit;
        const lines = [
          texts.conflict({ experimentId, basis: conflict.basis }),
          changeText(conflict.changes, lookup, messages),
          ...conflict.actions.map((a) => conflictActionLine(a, messages)),
          texts.conflictNone,
        ];
        return { kind: 'stopped', title: texts.conflictTitle, message: textMessage(joinSafe(lines)) };
      };
      await runSave(deps, {
        ack,
        client,
        request,
        metadata,
        run,
        inModal: () => undefined,
        closeWith: 'clear',
        // The diff goes into the channel's line after saving, written in that line's language.
        changes: {
          text: (m) => changeText(changes, lookup, m),
          detail: changesDetail(changes),
        },
      });
    },
  ]);
}
