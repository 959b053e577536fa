import type { WebClient } from '@slack/web-api';
import { InvalidTokenError } from '../../console/errors.js';
import type { Identity } from '../../core/connections.js';
import type {
  RejectedField,
  SaveExperimentOutcome,
  SaveExperimentRequest,
} from '../../core/save-experiment.js';
import { workspaceKey } from '../../core/workspace.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import { type SafeText, userMention } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import { noticeModal } from '../blocks/notice-modal.js';
import type { SlackDeps } from '../deps.js';
import { publishEvent } from '../experiment/publish.js';
import { experimentRef } from '../labels/label.js';
import { modalSurface } from '../lifecycle/surface.js';
import { workspaceMessages } from '../locale/scope.js';
import type { Messages } from '../messages/types.js';
import { webApiReplier } from '../replies.js';
import type { AlertEvent } from '../subscriptions/alert-message.js';
import { EXPERIMENT_MODAL } from './ids.js';
import { createdLine, experimentCreatedMessage, updatedLine } from './result-messages.js';

// Saving a checked form and saying what came of it, for a create (from the form) and an edit (from
// its confirmation). Answered inside Slack's window when the platform answers in time; otherwise the
// modal says the result will follow in the channel. Never resent: a create has no idempotency key.

/** The platform call gets what is left of Slack's 3 s once the form was read. */
const PLATFORM_BUDGET_MS = 1_500;

type Ack = (response?: Record<string, unknown>) => Promise<void>;

/** What an outcome the save did not reach (a concurrent change) or a refusal becomes. */
export type EarlyOutcome = SaveExperimentOutcome | { kind: 'stopped'; title: string; message: SlackMessage };

export interface SaveFlowInput {
  ack: Ack;
  client: WebClient;
  request: SaveExperimentRequest;
  metadata: { channelId: string; responseUrl?: string | undefined };
  /** Runs the save (or stops before it); its outcome is reported here. */
  run: () => Promise<EarlyOutcome>;
  /** Errors shown in the still-open view, keyed by input block; undefined: shown as a notice. */
  inModal: (outcome: SaveExperimentOutcome) => Record<string, string> | undefined;
  /** How the view closes on success: the whole stack for a confirmation. */
  closeWith: 'close' | 'clear';
  /** Edit: the diff, for the message after saving (in its reader's language) and the audit trail. */
  changes?: { text: (messages: Messages) => SafeText; detail: string } | undefined;
}

type RunSaveDeps = AnnounceDeps & Pick<SlackDeps, 'audit'>;

export async function runSave(deps: RunSaveDeps, input: SaveFlowInput): Promise<void> {
  const { request, ack, client, metadata } = input;
  const { messages } = deps;
  const replier = webApiReplier({
    client,
    channelId: metadata.channelId,
    userId: request.actorId,
    logger: deps.logger,
  });
  const saving = input.run();
  void saving.then(
    (outcome) =>
      auditSave(deps, request, outcome.kind === 'stopped' ? 'changed-meanwhile' : outcome.kind, {
        createdId: 'experimentId' in outcome ? outcome.experimentId : undefined,
        identity: 'identity' in outcome ? outcome.identity : undefined,
        detail: input.changes?.detail,
      }),
    () => auditSave(deps, request, 'crashed', {}),
  );
  const timer = new Promise<'late'>((resolve) =>
    setTimeout(() => resolve('late'), PLATFORM_BUDGET_MS).unref(),
  );
  const early = await Promise.race([saving, timer]);
  if (early === 'late') {
    await ack({
      response_action: 'update',
      view: noticeModal({
        title: messages.experiments.stillWorkingTitle,
        text: messages.experiments.stillWorking,
        messages,
      }),
    });
  } else if (early.kind === 'stopped') {
    return ack({
      response_action: 'update',
      view: noticeModal({ title: early.title, message: early.message, messages }),
    });
  } else {
    const errors = input.inModal(early);
    if (errors) return ack({ response_action: 'errors', errors });
    const notice = input.closeWith === 'clear' ? failureNotice(deps, early, request) : undefined;
    if (notice) return ack({ response_action: 'update', view: notice });
    await ack(input.closeWith === 'clear' ? { response_action: 'clear' } : undefined);
  }
  const outcome = early === 'late' ? await saving : early;
  if (outcome.kind === 'stopped') return replier.ephemeral(outcome.message);
  if (outcome.kind === 'created' || outcome.kind === 'updated') return announce(deps, input, outcome);
  if (early !== 'late' && input.closeWith === 'clear') return; // shown in the modal already
  const message = failureMessage(deps, outcome, request);
  if (message) await replier.ephemeral(message);
}

type AnnounceDeps = Pick<
  SlackDeps,
  | 'subscriberAlerts'
  | 'connections'
  | 'consoleLinks'
  | 'dictionaries'
  | 'experimentFields'
  | 'knowledge'
  | 'logger'
  | 'locale'
  | 'messages'
  | 'metrics'
  | 'slackFetch'
>;

async function announce(
  deps: AnnounceDeps,
  input: SaveFlowInput,
  outcome: Extract<SaveExperimentOutcome, { kind: 'created' | 'updated' }>,
): Promise<void> {
  const { request, client, metadata } = input;
  const actorId = request.actorId;
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
    // Written when the card is posted, in the channel's language (publish.ts).
    const line = (m: Messages) =>
      event.action === 'edit'
        ? input.changes
          ? m.experimentEdit.updated({
              user: userMention(actorId),
              experiment: experimentRef(event.experimentId, outcome.view?.record.name?.value),
              changes: input.changes.text(m),
            })
          : updatedLine({
              experimentId: event.experimentId,
              name: outcome.view?.record.name?.value,
              fields: event.fields,
              fieldMapping: deps.experimentFields,
              userId: actorId,
              messages: m,
            })
        : createdLine({ experimentId: event.experimentId, name: event.name, userId: actorId, messages: m });
    const published = await publishEvent(deps, surface, {
      workspace: request.workspace,
      line,
      view: outcome.view,
    });
    await published.remembered;
  } else if (event.action === 'create') {
    const replier = webApiReplier({
      client,
      channelId: metadata.channelId,
      userId: actorId,
      logger: deps.logger,
    });
    await replier.inChannel(
      experimentCreatedMessage({
        experimentId: event.experimentId,
        name: event.name,
        userId: actorId,
        messages: workspaceMessages(deps),
      }),
    );
  }
  await deps.subscriberAlerts.notify(
    request.workspace,
    { channelId: metadata.channelId },
    event,
    outcome.view,
  );
}

/** What a failed save tells the person (undefined: nothing to say). */
function failureMessage(
  deps: Pick<SlackDeps, 'messages'>,
  outcome: SaveExperimentOutcome,
  request: SaveExperimentRequest,
): SlackMessage | undefined {
  const { messages } = deps;
  const experimentId = request.mode === 'edit' ? request.experimentId : undefined;
  switch (outcome.kind) {
    case 'unchanged':
      return textMessage(messages.experiments.nothingChanged({ experimentId: outcome.experimentId }));
    case 'not-connected':
      return textMessage(messages.connection.notConnected);
    case 'personal-required':
      return textMessage(messages.identity.personalRequired({ action: request.mode }));
    case 'connection-invalid':
      return textMessage(
        outcome.identity === 'personal' ? messages.identity.personalInvalid : messages.errors.invalidToken,
      );
    case 'failed':
      if (outcome.identity === 'personal' && outcome.error instanceof InvalidTokenError)
        return textMessage(messages.identity.personalInvalid);
      return platformErrorMessage(outcome.error, { experimentId, mutation: true, messages });
    case 'rejected':
      return platformErrorMessage(outcome.error, { experimentId, messages });
    default:
      return undefined;
  }
}

/** A confirmation has no inputs: a failure replaces it with a notice (the form is still below). */
function failureNotice(
  deps: Pick<SlackDeps, 'messages'>,
  outcome: SaveExperimentOutcome,
  request: SaveExperimentRequest,
) {
  const message = failureMessage(deps, outcome, request);
  if (!message) return undefined;
  return noticeModal({
    title: deps.messages.experimentEdit.saveFailedTitle,
    message,
    messages: deps.messages,
  });
}

/** Outcomes shown inside the still-open form (on the field they concern); undefined for the rest. */
export function formErrorsFor(
  outcome: SaveExperimentOutcome,
  deps: Pick<SlackDeps, 'messages'>,
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

/** A platform validation 400 shown where it can be: on the field it names, else on the name field. */
function platformErrorsToBlocks(
  fields: readonly RejectedField[],
  deps: Pick<SlackDeps, 'messages'>,
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

export function auditSave(
  deps: Pick<SlackDeps, 'audit'>,
  request: Pick<SaveExperimentRequest, 'workspace' | 'actorId' | 'mode' | 'channelId'> & {
    experimentId?: number;
  },
  outcome: string,
  extra: { createdId?: number | undefined; identity?: Identity | undefined; detail?: string | undefined },
): Promise<void> {
  return deps.audit.record(workspaceKey(request.workspace), {
    userId: request.actorId,
    action: request.mode,
    experimentId: request.mode === 'edit' ? request.experimentId : extra.createdId,
    channelId: request.channelId,
    decision: 'allowed',
    outcome,
    ...(extra.identity ? { identity: extra.identity } : {}),
    ...(extra.detail ? { detail: extra.detail } : {}),
  });
}
