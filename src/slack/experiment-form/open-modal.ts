import { randomUUID } from 'node:crypto';
import type { ModalView } from '@slack/types';
import type { ExperimentForm } from '../../core/experiment-form.js';
import { checkBeforeForm } from '../../core/experiments/knowledge.js';
import { readExperimentForEdit } from '../../core/read-experiment.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import type { SafeText } from '../blocks/escape.js';
import { loadingModal } from '../blocks/loading-modal.js';
import { context, textMessage } from '../blocks/message.js';
import { modalOpenFailedMessage, noticeModal } from '../blocks/notice-modal.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { slackAgo } from '../experiment/ago.js';
import { statusText } from '../labels/label.js';
import { createAudienceDraft, DRAFT_TTL_MS } from './audience-draft.js';
import { keptFields } from './kept-fields.js';
import { loadModalDictionaries } from './load-dictionaries.js';
import { type ExperimentModalInput, experimentModal } from './modal.js';
import { earlierParamsOf, originalFitsInMetadata } from './modal-metadata.js';
import { openedWidgets } from './opened-state.js';

type OpenExperimentModalDeps = Pick<
  SlackDeps,
  | 'connections'
  | 'dictionaries'
  | 'drafts'
  | 'experimentFields'
  | 'knowledge'
  | 'logger'
  | 'messages'
  | 'viewSeal'
>;

type ModalContext = CommandContext<OpenExperimentModalDeps>;

/**
 * `/exp create` and `/exp edit ID`: a loading modal opens within the trigger's life, then the
 * dictionaries (and, for edit, the record) load and views.update fills the form.
 */
export async function openExperimentModal(ctx: ModalContext, experimentId?: number): Promise<void> {
  const { deps, command } = ctx;
  const { messages } = deps;
  await ctx.ack();
  if (experimentId !== undefined && !(await mayEdit(ctx, experimentId))) return;
  const show = await openLoadingModal(ctx);
  if (!show) return;
  const fail = (text: SafeText) =>
    show(noticeModal({ title: messages.experiments.loadFailedTitle, text, messages }));

  const loaded = await loadModalDictionaries(deps, ctx.workspace, { channelId: ctx.command.channel_id });
  if (loaded.kind === 'not-connected') return fail(messages.connection.notConnected);
  if (loaded.kind === 'connection-invalid') return fail(messages.errors.invalidToken);
  if (loaded.kind === 'failed') {
    const message = platformErrorMessage(loaded.error, { messages });
    return show(noticeModal({ title: messages.experiments.loadFailedTitle, message, messages }));
  }

  const start: FormStart =
    experimentId === undefined ? { original: undefined } : await readForEdit(ctx, experimentId);
  if ('refusal' in start) return fail(start.refusal);
  const { original } = start;
  const metadata = await formMetadata(ctx, experimentId, original);
  const view = await formView(deps, { experimentId, original, metadata, loaded });
  if (start.note) view.blocks = [context([start.note]), ...view.blocks].slice(0, 100);
  await show(
    deps.viewSeal.seal(
      { purpose: 'experiment-form', userId: command.user_id, workspace: ctx.workspace },
      view,
    ),
  );
}

/** Fills the opened modal in; a failure is logged, the loading modal then staying as it is. */
type ShowInModal = (view: ModalView) => Promise<void>;

/** Opens the loading modal; undefined when Slack would not, the person then told why. */
async function openLoadingModal(ctx: ModalContext): Promise<ShowInModal | undefined> {
  const { deps, command, client } = ctx;
  let viewId: string | undefined;
  try {
    const opened = await client.views.open({
      trigger_id: command.trigger_id,
      view: loadingModal({ messages: deps.messages }),
    });
    viewId = opened.view?.id;
  } catch (error) {
    await ctx.replier.ephemeral(modalOpenFailedMessage({ error, messages: deps.messages }));
    return undefined;
  }
  if (!viewId) return undefined;
  const openedId = viewId;
  return async (view) => {
    try {
      await client.views.update({ view_id: openedId, view });
    } catch (error) {
      deps.logger.warn('views.update failed for the experiment modal', { error });
    }
  };
}

/**
 * What the form starts from (nothing for a new experiment), with a note when that is not the
 * platform's whole record; or why it cannot open.
 */
type FormStart = { original: Partial<ExperimentForm> | undefined; note?: SafeText } | { refusal: SafeText };

async function readForEdit(ctx: ModalContext, experimentId: number): Promise<FormStart> {
  const { deps, command } = ctx;
  const { messages } = deps;
  const read = await readExperimentForEdit(deps, ctx.workspace, experimentId, {
    userId: command.user_id,
    channelId: command.channel_id,
  });
  if (read.kind === 'not-connected') return { refusal: messages.connection.notConnected };
  if (read.kind === 'connection-invalid') return { refusal: messages.errors.invalidToken };
  if (read.kind === 'not-found') return { refusal: messages.errors.notFound({ experimentId }) };
  if (read.kind === 'from-record')
    return { original: read.form, note: messages.experiments.prefilledFromRecord({ experimentId }) };
  if (read.kind === 'unreadable')
    return { original: {}, note: messages.experiments.unreadable({ experimentId }) };
  return { original: read.form };
}

/** What the form keeps in its sealed metadata. */
async function formMetadata(
  ctx: ModalContext,
  experimentId: number | undefined,
  original: Partial<ExperimentForm> | undefined,
): Promise<ExperimentModalInput['metadata']> {
  const { deps, command } = ctx;
  const earlierParams = earlierParamsOf(original);
  // Whatever its size, the audience is edited in the store, never in private_metadata.
  const audienceKey = await createAudienceDraft(deps, original?.segments ?? []);
  return {
    channelId: command.channel_id,
    responseUrl: command.response_url,
    audienceKey,
    openedAt: deps.knowledge.now().toISOString(),
    ...(experimentId === undefined ? {} : { experimentId }),
    ...(earlierParams === undefined ? {} : { earlierParams }),
  };
}

type Loaded = Extract<Awaited<ReturnType<typeof loadModalDictionaries>>, { kind: 'ok' }>;

/**
 * The form as it opens. For an edit, what each widget reports untouched is read back from the view
 * and kept with it (sealed metadata, or the store when too large): a submission is compared with
 * that, so a value no widget could hold is never sent back changed.
 */
async function formView(
  deps: Pick<OpenExperimentModalDeps, 'drafts' | 'messages'>,
  input: {
    experimentId: number | undefined;
    original: Partial<ExperimentForm> | undefined;
    metadata: ExperimentModalInput['metadata'];
    loaded: Loaded;
  },
): Promise<ModalView> {
  const { experimentId, original, loaded } = input;
  const { dictionaries, predicates } = loaded;
  const kept =
    original === undefined
      ? undefined
      : keptFields(original, dictionaries, { earlierParams: input.metadata.earlierParams });
  const build = (metadata: ExperimentModalInput['metadata']) =>
    experimentModal({
      mode: experimentId === undefined ? 'create' : 'edit',
      experimentId,
      form: original ?? {},
      dictionaries,
      segmentPredicates: predicates,
      readOnly: kept,
      metadata: kept === undefined ? metadata : { ...metadata, kept },
      messages: deps.messages,
    });
  if (original === undefined) return build(input.metadata);
  const opened = openedWidgets(build(input.metadata), { dictionaries, segmentPredicates: predicates });
  const whole = { ...input.metadata, original, opened, kept };
  const earlierParams = whole.earlierParams && [...whole.earlierParams];
  if (originalFitsInMetadata({ mode: 'edit', ...whole, earlierParams, kept: kept ?? [] }))
    return build(whole);
  const originalKey = randomUUID();
  const openedKey = randomUUID();
  await deps.drafts.set(originalKey, original, DRAFT_TTL_MS);
  await deps.drafts.set(openedKey, opened, DRAFT_TTL_MS);
  return build({ ...input.metadata, originalKey, openedKey });
}

/**
 * Before the form opens: an id the platform recently reported missing, or a status edits are not
 * allowed from (an archived experiment), is refused at once, before anyone types.
 */
async function mayEdit(
  ctx: CommandContext<Pick<SlackDeps, 'knowledge' | 'messages'>>,
  experimentId: number,
): Promise<boolean> {
  const { deps } = ctx;
  const c = deps.messages.experimentCard;
  const check = await checkBeforeForm(deps.knowledge, ctx.workspace, experimentId, 'edit');
  if (check.kind === 'not-found') {
    await ctx.replier.ephemeral(
      textMessage(
        c.formNotFound({
          experimentId,
          ago: slackAgo(new Date(check.record.notFound?.at ?? 0), deps.messages),
        }),
      ),
    );
    return false;
  }
  if (check.kind === 'not-allowed') {
    await ctx.replier.ephemeral(
      textMessage(
        c.formNotAllowed({
          action: 'edit',
          experimentId,
          status: statusText(deps.messages.labels, check.status),
          actions: check.offered,
        }),
      ),
    );
    return false;
  }
  return true;
}
