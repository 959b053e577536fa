import type { App } from '@slack/bolt';
import { InvalidTokenError } from '../../console/errors.js';
import type { Identity } from '../../lifecycle/connections.js';
import {
  type ExperimentForm,
  StoredExperimentForm,
  validateExperimentForm,
} from '../../lifecycle/experiment-form.js';
import {
  type RejectedField,
  type SaveExperimentOutcome,
  type SaveExperimentRequest,
  saveExperiment,
} from '../../lifecycle/save-experiment.js';
import { workspaceKey } from '../../lifecycle/workspace.js';
import { grantOf, viewAccess } from '../access/middleware.js';
import { experimentSubmissionTarget } from '../access/payload-targets.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import { textMessage } from '../blocks/message.js';
import { noticeModal } from '../blocks/notice-modal.js';
import type { SlackDeps } from '../deps.js';
import { publishEvent } from '../experiment/publish.js';
import { modalSurface } from '../lifecycle/surface.js';
import { webApiReplier } from '../replies.js';
import type { AlertEvent } from '../subscriptions/alert-message.js';
import { notifySubscribers } from '../subscriptions/notify-subscribers.js';
import { openViewMetadata } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import { EXPERIMENT_MODAL } from './ids.js';
import { loadModalDictionaries } from './load-dictionaries.js';
import { formValidationOptions, type ModalDictionaries } from './modal-items.js';
import { ExperimentModalMetadata } from './modal-metadata.js';
import { formErrorsToBlockErrors, readExperimentModalState, type StateValues } from './modal-state.js';
import { createdLine, experimentCreatedMessage, updatedLine } from './result-messages.js';

/** Dictionaries for validation come from the cache; the platform call gets what is left of 3 s. */
const DICTIONARY_BUDGET_MS = 700;
const PLATFORM_BUDGET_MS = 1_500;

type Ack = (response?: Record<string, unknown>) => Promise<void>;

/**
 * Create/edit submission: field errors inside the modal; a valid form goes to the platform
 * (POST for create, PATCH with only the changed fields for edit). If the platform answers inside
 * Slack's window, a validation 400 is shown in the modal; if not, the modal says the result will
 * follow in the channel, and the call is awaited — a create is never sent twice.
 */
export function registerExperimentSubmission(app: App, deps: SlackDeps): void {
  app.view(
    EXPERIMENT_MODAL.callbackId,
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
      const form = readExperimentModalState(view.state.values as StateValues, {
        dictionaries,
        segmentPredicates: predicates,
      });
      const checked = validateExperimentForm(
        form,
        formValidationOptions(dictionaries, form, predicates, { earlierParams: metadata.earlierParams }),
      );
      if (!checked.ok) {
        return ack({
          response_action: 'errors',
          errors: formErrorsToBlockErrors(checked.errors, messages, view),
        });
      }
      const actorId = body.user.id;
      const experimentId = metadata.experimentId;
      // Create and edit are not approvable: the decision granted them, or refused before this ran.
      const grant = grantOf(context);
      const request: SaveExperimentRequest =
        metadata.mode === 'edit' && experimentId !== undefined
          ? {
              mode: 'edit',
              workspace,
              experimentId,
              original: metadata.original ?? (await readDraft(deps, metadata.originalKey)) ?? {},
              form: checked.form,
              actorId,
              channelId: metadata.channelId,
              grant,
              labels: labelsOf(dictionaries, checked.form),
            }
          : {
              mode: 'create',
              workspace,
              form: checked.form,
              actorId,
              channelId: metadata.channelId,
              grant,
              labels: labelsOf(dictionaries, checked.form),
            };
      const replier = webApiReplier({
        client,
        channelId: metadata.channelId,
        userId: actorId,
        logger: deps.logger,
      });

      // Answer inside Slack's window when the platform does (errors then show in the modal); otherwise
      // close the form with "still working" and let the result follow in the channel. Never resent.
      const saving = saveExperiment(deps, request);
      // Recorded when the platform answers, whichever path (modal or channel) reports it.
      void saving.then(
        (outcome) =>
          auditSave(
            deps,
            request,
            outcome.kind,
            'experimentId' in outcome ? outcome.experimentId : undefined,
            'identity' in outcome ? outcome.identity : undefined,
          ),
        () => auditSave(deps, request, 'crashed', undefined),
      );
      const timer = new Promise<'late'>((resolve) =>
        setTimeout(() => resolve('late'), PLATFORM_BUDGET_MS).unref(),
      );
      const early = await Promise.race([saving, timer]);
      if (early !== 'late') {
        const inModal = modalErrorsFor(early, deps, view, request.mode);
        if (inModal) return ack({ response_action: 'errors', errors: inModal });
        await ack();
      } else {
        await ack({
          response_action: 'update',
          view: noticeModal({
            title: messages.experiments.stillWorkingTitle,
            text: messages.experiments.stillWorking,
            messages,
          }),
        });
      }
      const outcome = early === 'late' ? await saving : early;
      switch (outcome.kind) {
        case 'created':
        case 'updated': {
          const event: AlertEvent =
            outcome.kind === 'updated'
              ? { action: 'edit', experimentId: outcome.experimentId, fields: outcome.fields, actorId }
              : { action: 'create', experimentId: outcome.experimentId, name: outcome.name, actorId };
          const surface = modalSurface({
            client,
            channelId: metadata.channelId,
            userId: actorId,
            responseUrl: metadata.responseUrl,
            fromMessage: undefined,
            fetch: deps.slackFetch,
            logger: deps.logger,
          });
          if (outcome.view) {
            const line =
              event.action === 'edit'
                ? updatedLine({
                    experimentId: event.experimentId,
                    fields: event.fields,
                    userId: actorId,
                    messages,
                  })
                : createdLine({
                    experimentId: event.experimentId,
                    name: event.name,
                    userId: actorId,
                    messages,
                  });
            await publishEvent(deps, surface, { workspace, line, view: outcome.view });
          } else if (event.action === 'create') {
            await replier.inChannel(
              experimentCreatedMessage({
                experimentId: event.experimentId,
                name: event.name,
                userId: actorId,
                messages,
              }),
            );
          }
          await notifySubscribers(deps, workspace, { channelId: metadata.channelId }, event, outcome.view);
          return;
        }
        case 'unchanged':
          return replier.ephemeral(
            textMessage(messages.experiments.nothingChanged({ experimentId: outcome.experimentId })),
          );
        case 'not-connected':
          return replier.ephemeral(textMessage(messages.connection.notConnected));
        case 'personal-required':
          return replier.ephemeral(textMessage(messages.identity.personalRequired({ action: request.mode })));
        case 'connection-invalid':
          return replier.ephemeral(
            textMessage(
              outcome.identity === 'personal'
                ? messages.identity.personalInvalid
                : messages.errors.invalidToken,
            ),
          );
        case 'failed':
          if (outcome.identity === 'personal' && outcome.error instanceof InvalidTokenError)
            return replier.ephemeral(textMessage(messages.identity.personalInvalid));
          return replier.ephemeral(
            platformErrorMessage(outcome.error, { experimentId, mutation: true, messages }),
          );
        case 'rejected':
          return replier.ephemeral(platformErrorMessage(outcome.error, { experimentId, messages }));
      }
    },
  );
}

/** Outcomes shown inside the still-open modal (on the field they concern); undefined for the rest. */
function modalErrorsFor(
  outcome: SaveExperimentOutcome,
  deps: SlackDeps,
  view: { blocks: readonly { block_id?: string | undefined }[] },
  mode: 'create' | 'edit',
): Record<string, string> | undefined {
  const nameBlock = EXPERIMENT_MODAL.blocks.name;
  const { messages } = deps;
  switch (outcome.kind) {
    case 'not-connected':
      return { [nameBlock]: String(messages.connection.notConnected) };
    case 'personal-required':
      return { [nameBlock]: String(messages.identity.personalRequired({ action: mode })) };
    case 'connection-invalid':
      return {
        [nameBlock]: String(
          outcome.identity === 'personal'
            ? messages.identity.personalInvalid
            : messages.modals.connect.tokenRejected,
        ),
      };
    case 'rejected':
      // The client already dropped this workspace's dictionary cache, as the interface asks.
      return platformErrorsToBlocks(outcome.fields, deps, view);
    default:
      return undefined;
  }
}

async function readDraft(
  deps: SlackDeps,
  key: string | undefined,
): Promise<Partial<ExperimentForm> | undefined> {
  if (!key) return undefined;
  const parsed = StoredExperimentForm.safeParse(await deps.drafts.get(key));
  return parsed.success ? (parsed.data as Partial<ExperimentForm>) : undefined;
}

/** A platform validation 400 shown where it can be: on the field it names, else on the name field. */
function platformErrorsToBlocks(
  fields: readonly RejectedField[],
  deps: SlackDeps,
  view: { blocks: readonly { block_id?: string | undefined }[] },
): Record<string, string> {
  const shown = new Set(view.blocks.map((b) => b.block_id));
  const out: Record<string, string> = {};
  const blocks = EXPERIMENT_MODAL.blocks as Record<string, string>;
  for (const entry of fields) {
    const candidate = entry.logical ? blocks[entry.logical] : undefined;
    const blockId = candidate && shown.has(candidate) ? candidate : EXPERIMENT_MODAL.blocks.name;
    const text = deps.messages.experiments.platformRefused({ detail: entry.message });
    out[blockId] = out[blockId] ? `${out[blockId]}; ${entry.message}`.slice(0, 2000) : text;
  }
  return out;
}

/** The labels people know the chosen team and layer by (the form holds dictionary values). */
function labelsOf(
  dictionaries: ModalDictionaries,
  form: { team: unknown; layer: unknown },
): { team?: string | undefined; layer?: string | undefined } {
  const label = (name: 'teams' | 'layers', value: unknown) =>
    dictionaries[name]?.find((item) => String(item.value) === String(value))?.label;
  return { team: label('teams', form.team), layer: label('layers', form.layer) };
}

function auditSave(
  deps: SlackDeps,
  request: SaveExperimentRequest,
  outcome: string,
  createdId: number | undefined,
  identity?: Identity | undefined,
): Promise<void> {
  return deps.audit.record(workspaceKey(request.workspace), {
    userId: request.actorId,
    action: request.mode,
    experimentId: request.mode === 'edit' ? request.experimentId : createdId,
    channelId: request.channelId,
    decision: 'allowed',
    outcome,
    ...(identity ? { identity } : {}),
  });
}
