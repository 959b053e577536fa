import type { App } from '@slack/bolt';
import { ValidationError } from '../../console/errors.js';
import { buildExperimentPayload, diffExperimentPayload } from '../../lifecycle/experiment-fields.js';
import {
  type ExperimentForm,
  StoredExperimentForm,
  validateExperimentForm,
} from '../../lifecycle/experiment-form.js';
import {
  extractExperimentId,
  logicalFieldFor,
  platformFieldErrors,
} from '../../lifecycle/experiment-results.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import { textMessage } from '../blocks/message.js';
import { noticeModal } from '../blocks/notice-modal.js';
import type { SlackDeps } from '../deps.js';
import { SlackPayloadError } from '../payload.js';
import { webApiReplier } from '../replies.js';
import type { AlertEvent } from '../subscriptions/alert-message.js';
import { notifySubscribers } from '../subscriptions/notify-subscribers.js';
import { workspaceFromBody } from '../workspace.js';
import { EXPERIMENT_MODAL } from './ids.js';
import { loadModalDictionaries } from './load-dictionaries.js';
import { formValidationOptions } from './modal-items.js';
import { decodeExperimentModalMetadata } from './modal-metadata.js';
import { formErrorsToBlockErrors, readExperimentModalState, type StateValues } from './modal-state.js';
import { experimentCreatedMessage, experimentUpdatedMessage } from './result-messages.js';

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
  app.view(EXPERIMENT_MODAL.callbackId, async ({ ack: rawAck, body, view, client }) => {
    const ack = rawAck as Ack;
    const { messages } = deps;
    deps.metrics.inc('exp_interactions_total', { kind: 'experiment_submission' });
    const nameBlock = EXPERIMENT_MODAL.blocks.name;
    let metadata: ReturnType<typeof decodeExperimentModalMetadata>;
    try {
      metadata = decodeExperimentModalMetadata(view.private_metadata);
    } catch (error) {
      if (!(error instanceof SlackPayloadError)) throw error;
      return ack({ response_action: 'errors', errors: { [nameBlock]: messages.modals.expired } });
    }
    const workspace = workspaceFromBody(body);
    const loaded = await loadModalDictionaries(deps, workspace, { budgetMs: DICTIONARY_BUDGET_MS });
    const dictionaries = loaded.kind === 'ok' ? loaded.dictionaries : {};
    const predicates = loaded.kind === 'ok' ? loaded.predicates : undefined;
    const form = readExperimentModalState(view.state.values as StateValues, {
      dictionaries,
      segmentPredicates: predicates,
    });
    const checked = validateExperimentForm(form, formValidationOptions(dictionaries, form, predicates));
    if (!checked.ok) {
      return ack({
        response_action: 'errors',
        errors: formErrorsToBlockErrors(checked.errors, messages, view),
      });
    }
    const lookup = await deps.connections.lookup(workspace);
    if (lookup.kind !== 'connected') {
      const text =
        lookup.kind === 'invalid' ? messages.modals.connect.tokenRejected : messages.connection.notConnected;
      return ack({ response_action: 'errors', errors: { [nameBlock]: String(text) } });
    }

    let payload: Record<string, unknown>;
    if (metadata.mode === 'edit') {
      const original = metadata.original ?? (await readDraft(deps, metadata.originalKey)) ?? {};
      payload = diffExperimentPayload(original, checked.form, deps.experimentFields);
    } else {
      payload = buildExperimentPayload(checked.form, deps.experimentFields);
    }
    const experimentId = metadata.experimentId;
    const replier = webApiReplier({
      client,
      channelId: metadata.channelId,
      userId: body.user.id,
      logger: deps.logger,
    });
    if (metadata.mode === 'edit' && experimentId !== undefined && Object.keys(payload).length === 0) {
      await ack();
      return replier.ephemeral(textMessage(messages.experiments.nothingChanged({ experimentId })));
    }

    const call =
      metadata.mode === 'edit' && experimentId !== undefined
        ? lookup.api.updateExperiment(experimentId, payload)
        : lookup.api.createExperiment(payload);
    const settled = call.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const timer = new Promise<'late'>((resolve) =>
      setTimeout(() => resolve('late'), PLATFORM_BUDGET_MS).unref(),
    );
    const early = await Promise.race([settled, timer]);
    if (early === 'late') {
      await ack({
        response_action: 'update',
        view: noticeModal({
          title: messages.experiments.stillWorkingTitle,
          text: messages.experiments.stillWorking,
          messages,
        }),
      });
    } else if (!early.ok && early.error instanceof ValidationError) {
      // The client already dropped this workspace's dictionary cache, as the interface asks.
      return ack({ response_action: 'errors', errors: platformErrorsToBlocks(early.error, deps, view) });
    } else {
      await ack();
    }
    const result = early === 'late' ? await settled : early;
    if (!result.ok) {
      return replier.ephemeral(platformErrorMessage(result.error, { experimentId, messages }));
    }
    const actorId = body.user.id;
    const event: AlertEvent =
      metadata.mode === 'edit' && experimentId !== undefined
        ? { action: 'edit', experimentId, fields: Object.keys(payload), actorId }
        : {
            action: 'create',
            experimentId: extractExperimentId(result.value),
            name: checked.form.name ?? '',
            actorId,
          };
    const reply =
      event.action === 'edit'
        ? experimentUpdatedMessage({
            experimentId: event.experimentId,
            fields: event.fields,
            userId: actorId,
            messages,
          })
        : experimentCreatedMessage({
            experimentId: event.experimentId,
            name: event.name,
            userId: actorId,
            messages,
          });
    await replier.inChannel(reply);
    await notifySubscribers(deps, workspace, { client, channelId: metadata.channelId }, event);
  });
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
  error: ValidationError,
  deps: SlackDeps,
  view: { blocks: readonly { block_id?: string | undefined }[] },
): Record<string, string> {
  const shown = new Set(view.blocks.map((b) => b.block_id));
  const out: Record<string, string> = {};
  const blocks = EXPERIMENT_MODAL.blocks as Record<string, string>;
  for (const entry of platformFieldErrors(error.body)) {
    const logical = logicalFieldFor(entry.field, deps.experimentFields);
    const candidate = logical ? blocks[logical] : undefined;
    const blockId = candidate && shown.has(candidate) ? candidate : EXPERIMENT_MODAL.blocks.name;
    const text = deps.messages.experiments.platformRefused({ detail: entry.message });
    out[blockId] = out[blockId] ? `${out[blockId]}; ${entry.message}`.slice(0, 2000) : text;
  }
  return out;
}
