import type { ViewOutput, webApi } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import type { SlackDeps } from '../deps.js';
import { bindingOf, openViewMetadata, type ViewPayloadBody } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import { type AudienceDraft, readAudienceDraft, writeAudienceDraft } from './audience-draft.js';
import { originalOf, readOnlyOf } from './form-context.js';
import { loadModalDictionaries } from './load-dictionaries.js';
import { experimentModal } from './modal.js';
import { ExperimentModalMetadata } from './modal-metadata.js';

// What the views pushed over the form (the audience view, the list view) share: reading the sealed
// metadata and the draft, saving the draft, updating the view, rebuilding the form under it.

/** Within an interaction's window, from the dictionary cache. */
const BUDGET_MS = 2_000;

/** What open() reads: a button's payload (BlockAction) and a submission's (ViewSubmitAction) both fit. */
export type ViewBody = ViewPayloadBody & { view?: ViewOutput };

export type PushedViewDeps = Pick<
  SlackDeps,
  'audit' | 'connections' | 'dictionaries' | 'drafts' | 'logger' | 'messages' | 'metrics' | 'viewSeal'
>;

/**
 * The form under a pushed view, rebuilt with the draft's audience and lists: after each Remove and
 * Add too, so Back (which Slack answers without telling the app) shows a summary that is true.
 */
export async function rebuildFormBelow(
  deps: PushedViewDeps,
  ctx: PushedViewContext,
  client: Pick<webApi.WebClient, 'views'>,
) {
  const below = ctx.view.previous_view_id;
  if (!ctx.draft || !below) return;
  const { body } = ctx;
  const original = await originalOf(deps, ctx.metadata);
  const { page: _page, ...metadata } = ctx.metadata;
  const form = { ...ctx.draft.form, segments: ctx.draft.segments, ...ctx.draft.lists };
  const next = experimentModal({
    mode: metadata.mode,
    experimentId: metadata.experimentId,
    form,
    dictionaries: ctx.dictionaries,
    segmentPredicates: ctx.predicates,
    readOnly: readOnlyOf(metadata, original),
    metadata,
    messages: deps.messages,
  });
  await client.views
    .update({ view_id: below, view: deps.viewSeal.seal(bindingOf('experiment-form', body), next) })
    .catch((error) => deps.logger.warn('views.update failed for the experiment form', { error }));
}

export async function openPushedView(deps: PushedViewDeps, body: ViewBody) {
  const view = body.view;
  if (!view) return undefined;
  deps.metrics.inc('exp_interactions_total', { kind: 'experiment_audience' });
  const opened = await openViewMetadata(deps, {
    purpose: 'experiment-form',
    body,
    text: view.private_metadata,
    schema: ExperimentModalMetadata,
  });
  if (!opened.ok) return undefined;
  const metadata = opened.value;
  const loaded = await loadModalDictionaries(deps, workspaceFromBody(body), {
    budgetMs: BUDGET_MS,
    channelId: metadata.channelId,
  });
  if (loaded.kind !== 'ok') return undefined;
  const draft = await readAudienceDraft(deps, metadata.audienceKey);
  return {
    view,
    body,
    metadata,
    draft,
    dictionaries: loaded.dictionaries,
    params: loaded.dictionaries['context-param-predicates'] ?? [],
    predicates: loaded.predicates,
    lookup: { dictionaries: loaded.dictionaries, segmentPredicates: loaded.predicates },
  };
}
export type PushedViewContext = NonNullable<Awaited<ReturnType<typeof openPushedView>>>;

export async function saveDraft(
  deps: Pick<SlackDeps, 'drafts'>,
  ctx: PushedViewContext,
  draft: AudienceDraft,
): Promise<void> {
  if (ctx.metadata.audienceKey) await writeAudienceDraft(deps, ctx.metadata.audienceKey, draft);
}

export async function updatePushedView(
  deps: Pick<SlackDeps, 'logger' | 'viewSeal'>,
  client: Pick<webApi.WebClient, 'views'>,
  ctx: PushedViewContext,
  view: ModalView,
) {
  const sealed = deps.viewSeal.seal(bindingOf('experiment-form', ctx.body), view);
  await client.views
    .update({ view_id: ctx.view.id, hash: ctx.view.hash, view: sealed })
    .catch((error: unknown) => {
      const code = (error as { data?: { error?: string } }).data?.error;
      if (code !== 'hash_conflict')
        deps.logger.warn('views.update failed for a view pushed over the form', { error, code });
    });
}
