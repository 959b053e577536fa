import { describeChanges, hasChanges } from '../../core/experiment-changes.js';
import { type ExperimentForm, validateExperimentForm } from '../../core/experiment-form.js';
import { saveExperiment } from '../../core/save-experiment.js';
import { withTouched } from '../../core/touched-fields.js';
import { grantOf, viewAccess } from '../access/middleware.js';
import { experimentSubmissionTarget } from '../access/payload-targets.js';
import { noticeModal } from '../blocks/notice-modal.js';
import type { SlackDeps } from '../deps.js';
import type { SlackListeners } from '../listener-registry.js';
import { bindingOf, openViewMetadata } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import { createConfirmDraft } from './audience-draft.js';
import { filterLookupOf } from './change-summary.js';
import { confirmView } from './confirm-view.js';
import type { ExperimentFormDeps } from './deps.js';
import { currentForm, paramsOf } from './form-context.js';
import { EXPERIMENT_MODAL } from './ids.js';
import { loadModalDictionaries } from './load-dictionaries.js';
import { formValidationOptions, type ModalDictionaries } from './modal-items.js';
import { ExperimentModalMetadata } from './modal-metadata.js';
import { formErrorsToBlockErrors, type StateValues } from './modal-state.js';
import { auditSave, formErrorsFor, runSave } from './save-flow.js';

/** Dictionaries for validation come from the cache; the platform call gets what is left of 3 s. */
const DICTIONARY_BUDGET_MS = 700;

type Ack = (response?: Record<string, unknown>) => Promise<void>;

/**
 * Create/edit submission: field errors inside the modal. A valid create goes to the platform (POST);
 * a valid edit is compared with the experiment as the form opened: no change saves nothing and says
 * so, otherwise the confirmation (what will change, field by field) is pushed and Save sends it
 * (edit-confirmation.ts), a PATCH with only those fields.
 */
export function registerExperimentSubmission(listeners: SlackListeners): void {
  listeners.view(EXPERIMENT_MODAL.callbackId, (deps: ExperimentFormDeps) => [
    viewAccess(deps, experimentSubmissionTarget, () => EXPERIMENT_MODAL.blocks.name),
    async ({ ack: rawAck, body, view, client, context }) => {
      const ack = rawAck as Ack;
      const { messages } = deps;
      deps.metrics.inc('exp_interactions_total', { kind: 'experiment_submission' });
      const nameBlock = EXPERIMENT_MODAL.blocks.name;
      const opened = await openViewMetadata(deps, {
        purpose: 'experiment-form',
        body,
        text: view.private_metadata,
        schema: ExperimentModalMetadata,
      });
      if (!opened.ok) return ack({ response_action: 'errors', errors: { [nameBlock]: opened.text } });
      const metadata = opened.value;
      const workspace = workspaceFromBody(body);
      const loaded = await loadModalDictionaries(deps, workspace, {
        budgetMs: DICTIONARY_BUDGET_MS,
        channelId: metadata.channelId,
      });
      const dictionaries = loaded.kind === 'ok' ? loaded.dictionaries : {};
      const predicates = loaded.kind === 'ok' ? loaded.predicates : undefined;
      const current = await currentForm(deps, {
        state: view.state.values as StateValues,
        lookup: { dictionaries, segmentPredicates: predicates },
        metadata,
      });
      if (!current.audienceKept || !current.openedKept) {
        return ack({
          response_action: 'errors',
          errors: { [nameBlock]: String(messages.experimentEdit.audienceExpired) },
        });
      }
      const { form, original } = current;
      const checked = validateExperimentForm(form, {
        ...formValidationOptions(dictionaries, form, predicates, { earlierParams: paramsOf(original) }),
        original,
        ...(original === undefined ? {} : { touched: current.touched }),
      });
      if (!checked.ok) {
        return ack({
          response_action: 'errors',
          errors: formErrorsToBlockErrors(checked.errors, messages, view),
        });
      }
      const actorId = body.user.id;
      const experimentId = metadata.experimentId;
      if (metadata.mode === 'edit' && experimentId !== undefined && original !== undefined) {
        return confirmEdit(deps, {
          ack,
          body,
          metadata,
          workspace,
          experimentId,
          original,
          // Untouched fields keep the platform's values exactly, not the check's trimmed reading.
          form: withTouched(original, checked.form, current.touched) as ExperimentForm,
          dictionaries,
          predicates,
        });
      }
      // Create is not approvable: the decision granted it, or refused before this ran.
      const request = {
        mode: 'create' as const,
        workspace,
        form: checked.form,
        actorId,
        channelId: metadata.channelId,
        grant: grantOf(context),
      };
      await runSave(deps, {
        ack,
        client,
        request,
        metadata,
        run: () => saveExperiment(deps, request),
        inModal: (outcome) => formErrorsFor(outcome, deps, view, 'create'),
        closeWith: 'close',
      });
    },
  ]);
}

type ConfirmEditDeps = Pick<SlackDeps, 'audit' | 'drafts' | 'experimentFields' | 'messages' | 'viewSeal'>;

/**
 * A valid edit: nothing changed is said (and audited) in place of the form; otherwise the
 * confirmation of what will change is pushed over it.
 */
async function confirmEdit(
  deps: ConfirmEditDeps,
  input: {
    ack: Ack;
    body: Parameters<typeof bindingOf>[1] & { user: { id: string } };
    metadata: ExperimentModalMetadata;
    workspace: ReturnType<typeof workspaceFromBody>;
    experimentId: number;
    original: Partial<ExperimentForm>;
    form: ExperimentForm;
    dictionaries: ModalDictionaries;
    predicates: Parameters<typeof filterLookupOf>[1];
  },
): Promise<void> {
  const { ack, body, metadata, workspace, experimentId, original, form, dictionaries, predicates } = input;
  const { messages } = deps;
  const changes = describeChanges(original, form, deps.experimentFields);
  if (!hasChanges(changes)) {
    await ack({
      response_action: 'update',
      view: noticeModal({
        title: messages.experimentEdit.noChangesTitle,
        text: messages.experimentEdit.noChanges({ experimentId }),
        messages,
      }),
    });
    const request = {
      workspace,
      actorId: body.user.id,
      mode: 'edit' as const,
      channelId: metadata.channelId,
      experimentId,
    };
    return auditSave(deps, request, 'unchanged', {});
  }
  const confirmKey = await createConfirmDraft(deps, form);
  const next = confirmView({
    experimentId,
    changes,
    lookup: filterLookupOf(dictionaries, predicates),
    metadata: { ...metadata, confirmKey },
    messages,
  });
  return ack({
    response_action: 'push',
    view: deps.viewSeal.seal(bindingOf('experiment-form', body), next),
  });
}
