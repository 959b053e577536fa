import type { BlockAction, ViewOutput, webApi } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import { isObject } from '../../console/dictionaries/item-fields.js';
import type { SegmentChoice } from '../../core/experiment-form.js';
import { actionAccess, viewAccess } from '../access/middleware.js';
import { experimentActionTarget, experimentSubmissionTarget } from '../access/payload-targets.js';
import type { SafeText } from '../blocks/escape.js';
import { noticeModal } from '../blocks/notice-modal.js';
import type { SlackDeps } from '../deps.js';
import type { SlackListeners } from '../listener-registry.js';
import { bindingOf, openViewMetadata, type ViewPayloadBody } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import { type AudienceDraft, readAudienceDraft, writeAudienceDraft } from './audience-draft.js';
import {
  audienceView,
  filterDigest,
  newFilterBlockId,
  paramsForNewFilter,
  typedValues,
} from './audience-view.js';
import type { ExperimentFormDeps } from './deps.js';
import { filterText } from './filter-text.js';
import { currentForm, originalOf, readOnlyOf } from './form-context.js';
import { AUDIENCE_SUMMARY, AUDIENCE_VIEW } from './ids.js';
import { loadModalDictionaries } from './load-dictionaries.js';
import { experimentModal } from './modal.js';
import { predicatesForParam } from './modal-items.js';
import { ExperimentModalMetadata } from './modal-metadata.js';
import { decodeOptionValue } from './modal-options.js';
import { splitSegmentValues } from './modal-segments.js';
import type { StateValues } from './modal-state.js';

/** Within an interaction's window, from the dictionary cache. */
const BUDGET_MS = 2_000;

/** What open() reads: a button's payload (BlockAction) and a submission's (ViewSubmitAction) both fit. */
type ViewBody = ViewPayloadBody & { view?: ViewOutput };

/**
 * The audience view: Edit audience pushes it over the form (the form's fields are kept in the draft,
 * Slack sends them nowhere while it is covered); Remove, Add filter and the pager change the draft and
 * update the view; Done closes it and rebuilds the form under it with the new summary.
 */
export function registerAudienceActions(listeners: SlackListeners): void {
  listeners.action<BlockAction>(AUDIENCE_SUMMARY.editActionId, (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client }) => {
      await ack();
      await pushAudienceView(deps, body, client);
    },
  ]);
  listeners.action<BlockAction>(AUDIENCE_VIEW.actions.remove, (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client, action }) => {
      await ack();
      const ctx = await open(deps, body);
      if (!ctx?.draft) return;
      const [index, digest] = String((action as { value?: string }).value ?? '').split(':');
      const at = Number(index);
      const segment = ctx.draft.segments[at];
      // A click from a view built for another list removes nothing; the view is shown as it is now.
      if (segment !== undefined && filterDigest(segment) === digest) ctx.draft.segments.splice(at, 1);
      await save(deps, ctx, ctx.draft);
      await update(deps, client, ctx, render(deps, ctx, ctx.draft, ctx.metadata.page ?? 0));
      await rebuildFormBelow(deps, ctx, client);
    },
  ]);
  listeners.action<BlockAction>(new RegExp(`^${AUDIENCE_VIEW.actions.page}:`), (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client, action }) => {
      await ack();
      const ctx = await open(deps, body);
      if (!ctx?.draft) return;
      const page = Number((action as { value?: string }).value ?? 0);
      await update(
        deps,
        client,
        ctx,
        render(deps, ctx, ctx.draft, Number.isInteger(page) && page >= 0 ? page : 0),
      );
    },
  ]);
  listeners.action<BlockAction>(AUDIENCE_VIEW.actions.add, (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client }) => {
      await ack();
      const ctx = await open(deps, body);
      if (!ctx?.draft) return;
      const added = newFilter(ctx, ctx.draft);
      if (typeof added === 'string') {
        const notice = deps.messages.experimentEdit.addRefused[added];
        return update(deps, client, ctx, render(deps, ctx, ctx.draft, ctx.metadata.page ?? 0, notice));
      }
      ctx.draft.segments.push(added);
      await save(deps, ctx, ctx.draft);
      const lookup = { params: ctx.params, predicates: ctx.predicates?.items ?? [] };
      const notice = deps.messages.experimentEdit.added({ filter: filterText(added, lookup, deps.messages) });
      await update(deps, client, ctx, render(deps, ctx, ctx.draft, Number.MAX_SAFE_INTEGER, notice));
      await rebuildFormBelow(deps, ctx, client);
    },
  ]);
  listeners.view(AUDIENCE_VIEW.callbackId, (deps: ExperimentFormDeps) => [
    viewAccess(
      deps,
      experimentSubmissionTarget,
      ({ view }) => view.blocks.find((b) => b.type === 'input')?.block_id,
    ),
    async ({ ack, body, client }) => {
      await ack();
      await closeAudienceView(deps, body, client);
    },
  ]);
}

type PushAudienceViewDeps = Pick<
  SlackDeps,
  'audit' | 'connections' | 'dictionaries' | 'drafts' | 'logger' | 'messages' | 'metrics' | 'viewSeal'
>;

/** Edit audience: the form's fields kept in the draft, the audience view pushed over the form. */
async function pushAudienceView(
  deps: PushAudienceViewDeps,
  body: BlockAction,
  client: Pick<webApi.WebClient, 'views'>,
) {
  const ctx = await open(deps, body);
  if (!ctx) return;
  const { form } = await currentForm(deps, {
    state: ctx.view.state.values as StateValues,
    lookup: ctx.lookup,
    metadata: ctx.metadata,
  });
  const draft = ctx.draft ? { ...ctx.draft, form } : undefined;
  if (draft && ctx.metadata.audienceKey) await writeAudienceDraft(deps, ctx.metadata.audienceKey, draft);
  const view = draft ? render(deps, ctx, draft, 0) : expired(deps);
  await client.views
    .push({
      trigger_id: body.trigger_id,
      view: deps.viewSeal.seal(bindingOf('experiment-form', body), view),
    })
    .catch((error) => deps.logger.warn('views.push failed for the audience view', { error }));
}

/** Done: the form under the audience view rebuilt with the draft's audience. */
async function closeAudienceView(
  deps: PushAudienceViewDeps,
  body: ViewBody,
  client: Pick<webApi.WebClient, 'views'>,
) {
  const ctx = await open(deps, body);
  if (ctx) await rebuildFormBelow(deps, ctx, client);
}

/**
 * The form under the audience view, rebuilt with the draft's audience: after each Remove and Add
 * too, so Back (which Slack answers without telling the app) shows a summary that is true.
 */
async function rebuildFormBelow(
  deps: PushAudienceViewDeps,
  ctx: Ctx,
  client: Pick<webApi.WebClient, 'views'>,
) {
  const below = ctx.view.previous_view_id;
  if (!ctx.draft || !below) return;
  const { body } = ctx;
  const original = await originalOf(deps, ctx.metadata);
  const { page: _page, ...metadata } = ctx.metadata;
  const form = { ...ctx.draft.form, segments: ctx.draft.segments };
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

async function open(deps: PushAudienceViewDeps, body: ViewBody) {
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
type Ctx = NonNullable<Awaited<ReturnType<typeof open>>>;

function render(
  deps: Pick<SlackDeps, 'messages'>,
  ctx: Ctx,
  draft: AudienceDraft,
  page: number,
  notice?: SafeText,
): ModalView {
  return audienceView({
    segments: draft.segments,
    page,
    form: draft.form ?? {},
    params: ctx.params,
    predicates: ctx.predicates,
    metadata: ctx.metadata,
    notice,
    messages: deps.messages,
  });
}

function expired(deps: Pick<SlackDeps, 'messages'>): ModalView {
  const texts = deps.messages.experimentEdit;
  return noticeModal({ title: texts.audienceTitle, text: texts.audienceExpired, messages: deps.messages });
}

async function save(deps: Pick<SlackDeps, 'drafts'>, ctx: Ctx, draft: AudienceDraft): Promise<void> {
  if (ctx.metadata.audienceKey) await writeAudienceDraft(deps, ctx.metadata.audienceKey, draft);
}

async function update(
  deps: Pick<SlackDeps, 'logger' | 'viewSeal'>,
  client: Pick<webApi.WebClient, 'views'>,
  ctx: Ctx,
  view: ModalView,
) {
  const sealed = deps.viewSeal.seal(bindingOf('experiment-form', ctx.body), view);
  await client.views
    .update({ view_id: ctx.view.id, hash: ctx.view.hash, view: sealed })
    .catch((error: unknown) => {
      const code = (error as { data?: { error?: string } }).data?.error;
      if (code !== 'hash_conflict')
        deps.logger.warn('views.update failed for the audience view', { error, code });
    });
}

/** The filter typed below the list, or which of its parts is missing. */
function newFilter(ctx: Ctx, draft: AudienceDraft): SegmentChoice | 'param' | 'predicate' | 'values' {
  const state = ctx.view.state.values as StateValues;
  const generation = draft.segments.length;
  const at = (base: string, actionId: string) => {
    const el = state[newFilterBlockId(base, generation)]?.[actionId];
    return isObject(el) ? el : undefined;
  };
  const chosen = (el: Record<string, unknown> | undefined) => {
    const option = el?.selected_option;
    return isObject(option) && typeof option.value === 'string' ? option.value : undefined;
  };
  const offered = paramsForNewFilter(ctx.params, draft.form ?? {});
  const paramEncoded = chosen(at(AUDIENCE_VIEW.blocks.newParam, AUDIENCE_VIEW.actions.newParam));
  const paramValue =
    paramEncoded === undefined
      ? undefined
      : decodeOptionValue(
          paramEncoded,
          offered.map((p) => p.value),
        );
  const param = offered.find((p) => p.value === paramValue);
  if (!param) return 'param';
  const predicateEl = at(AUDIENCE_VIEW.blocks.newPredicate, AUDIENCE_VIEW.actions.newPredicate);
  const operators = predicatesForParam(param, ctx.predicates);
  const predicateEncoded = chosen(predicateEl);
  const predicate =
    predicateEncoded === undefined
      ? typeof predicateEl?.value === 'string' && predicateEl.value.trim() !== ''
        ? predicateEl.value.trim()
        : undefined
      : decodeOptionValue(
          predicateEncoded,
          ctx.predicates?.items.map((p) => p.value),
        );
  if (predicate === undefined || (operators !== undefined && !operators.some((p) => p.value === predicate)))
    return 'predicate';
  const valuesEl = at(AUDIENCE_VIEW.blocks.newValues, AUDIENCE_VIEW.actions.newValues);
  const texts = typeof valuesEl?.value === 'string' ? splitSegmentValues(valuesEl.value) : [];
  if (texts.length === 0) return 'values';
  return { param: param.value, predicate, values: typedValues(texts, param) };
}
