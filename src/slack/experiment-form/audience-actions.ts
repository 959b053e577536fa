import type { BlockAction, webApi } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import { isObject } from '../../console/dictionaries/item-fields.js';
import type { SegmentChoice } from '../../core/experiment-form.js';
import { actionAccess, viewAccess } from '../access/middleware.js';
import { experimentActionTarget, experimentSubmissionTarget } from '../access/payload-targets.js';
import type { SafeText } from '../blocks/escape.js';
import { noticeModal } from '../blocks/notice-modal.js';
import type { SlackDeps } from '../deps.js';
import type { SlackListeners } from '../listener-registry.js';
import { bindingOf } from '../view-seal/open-metadata.js';
import { type AudienceDraft, writeAudienceDraft } from './audience-draft.js';
import {
  audienceView,
  filterDigest,
  newFilterBlockId,
  paramsForNewFilter,
  typedValues,
} from './audience-view.js';
import type { ExperimentFormDeps } from './deps.js';
import { filterText } from './filter-text.js';
import { currentForm } from './form-context.js';
import { AUDIENCE_SUMMARY, AUDIENCE_VIEW } from './ids.js';
import { predicatesForParam } from './modal-items.js';
import { decodeOptionValue } from './modal-options.js';
import { splitSegmentValues } from './modal-segments.js';
import type { StateValues } from './modal-state.js';
import {
  openPushedView,
  type PushedViewContext,
  type PushedViewDeps,
  rebuildFormBelow,
  saveDraft,
  updatePushedView,
} from './pushed-views.js';

/** What openPushedView reads: a button's payload and a submission's both fit. */
type ViewBody = Parameters<typeof openPushedView>[1];

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
      const ctx = await openPushedView(deps, body);
      if (!ctx?.draft) return;
      const [index, digest] = String((action as { value?: string }).value ?? '').split(':');
      const at = Number(index);
      const segment = ctx.draft.segments[at];
      // A click from a view built for another list removes nothing; the view is shown as it is now.
      if (segment !== undefined && filterDigest(segment) === digest) ctx.draft.segments.splice(at, 1);
      await saveDraft(deps, ctx, ctx.draft);
      await updatePushedView(deps, client, ctx, render(deps, ctx, ctx.draft, ctx.metadata.page ?? 0));
      await rebuildFormBelow(deps, ctx, client);
    },
  ]);
  listeners.action<BlockAction>(new RegExp(`^${AUDIENCE_VIEW.actions.page}:`), (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client, action }) => {
      await ack();
      const ctx = await openPushedView(deps, body);
      if (!ctx?.draft) return;
      const page = Number((action as { value?: string }).value ?? 0);
      await updatePushedView(
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
      const ctx = await openPushedView(deps, body);
      if (!ctx?.draft) return;
      const added = newFilter(ctx, ctx.draft);
      if (typeof added === 'string') {
        const notice = deps.messages.experimentEdit.addRefused[added];
        return updatePushedView(
          deps,
          client,
          ctx,
          render(deps, ctx, ctx.draft, ctx.metadata.page ?? 0, notice),
        );
      }
      ctx.draft.segments.push(added);
      await saveDraft(deps, ctx, ctx.draft);
      const lookup = { params: ctx.params, predicates: ctx.predicates?.items ?? [] };
      const notice = deps.messages.experimentEdit.added({ filter: filterText(added, lookup, deps.messages) });
      await updatePushedView(
        deps,
        client,
        ctx,
        render(deps, ctx, ctx.draft, Number.MAX_SAFE_INTEGER, notice),
      );
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

/** Edit audience: the form's fields kept in the draft, the audience view pushed over the form. */
async function pushAudienceView(
  deps: PushedViewDeps,
  body: BlockAction,
  client: Pick<webApi.WebClient, 'views'>,
) {
  const ctx = await openPushedView(deps, body);
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
  deps: PushedViewDeps,
  body: ViewBody,
  client: Pick<webApi.WebClient, 'views'>,
) {
  const ctx = await openPushedView(deps, body);
  if (ctx) await rebuildFormBelow(deps, ctx, client);
}

function render(
  deps: Pick<SlackDeps, 'messages'>,
  ctx: PushedViewContext,
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

/** The filter typed below the list, or which of its parts is missing. */
function newFilter(
  ctx: PushedViewContext,
  draft: AudienceDraft,
): SegmentChoice | 'param' | 'predicate' | 'values' {
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
