import type { BlockAction, webApi } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import { isObject } from '../../console/dictionaries/item-fields.js';
import type { DictValue } from '../../core/experiment-form.js';
import { actionAccess, viewAccess } from '../access/middleware.js';
import { experimentActionTarget, experimentSubmissionTarget } from '../access/payload-targets.js';
import type { SafeText } from '../blocks/escape.js';
import { labelsFromItems } from '../dictionaries/dictionary-labels.js';
import type { SlackListeners } from '../listener-registry.js';
import { bindingOf } from '../view-seal/open-metadata.js';
import type { AudienceDraft } from './audience-draft.js';
import type { ExperimentFormDeps } from './deps.js';
import { currentForm } from './form-context.js';
import { LIST_SUMMARY, LIST_VIEW } from './ids.js';
import { isListField, type ListField, listValueText, listView, valueDigest } from './list-view.js';
import { offeredItems } from './modal-items.js';
import { decodeOptionValue } from './modal-options.js';
import type { StateValues } from './modal-state.js';
import {
  openPushedView,
  type PushedViewContext,
  type PushedViewDeps,
  rebuildFormBelow,
  saveDraft,
  updatePushedView,
  type ViewBody,
} from './pushed-views.js';

/**
 * The list view: Edit list, beside a list no menu holds, pushes it over the form; Remove, Add and
 * the pager change the draft (the form under it is rebuilt each time); Done closes it.
 */
export function registerListActions(listeners: SlackListeners): void {
  listeners.action<BlockAction>(LIST_SUMMARY.editActionId, (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client, action }) => {
      await ack();
      const field = String((action as { value?: string }).value ?? '');
      if (isListField(field)) await pushListView(deps, body, client, field);
    },
  ]);
  listeners.action<BlockAction>(LIST_VIEW.actions.remove, (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client, action }) => {
      await ack();
      await change(deps, body, client, (ctx, values) => {
        const [index, digest] = String((action as { value?: string }).value ?? '').split(':');
        const at = Number(index);
        const value = values[at];
        // A click from a view built for another list removes nothing.
        if (value !== undefined && valueDigest(value) === digest) values.splice(at, 1);
        return { page: ctx.metadata.page ?? 0 };
      });
    },
  ]);
  listeners.action<BlockAction>(LIST_VIEW.actions.add, (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client }) => {
      await ack();
      await change(deps, body, client, (ctx, values, field) => addChosen(deps, ctx, values, field));
    },
  ]);
  listeners.action<BlockAction>(new RegExp(`^${LIST_VIEW.actions.page}:`), (deps: ExperimentFormDeps) => [
    actionAccess(deps, experimentActionTarget),
    async ({ ack, body, client, action }) => {
      await ack();
      const page = Number((action as { value?: string }).value ?? 0);
      await change(deps, body, client, () => ({ page: Number.isInteger(page) && page >= 0 ? page : 0 }));
    },
  ]);
  listeners.view(LIST_VIEW.callbackId, (deps: ExperimentFormDeps) => [
    viewAccess(deps, experimentSubmissionTarget, () => undefined),
    async ({ ack, body, client }) => {
      await ack();
      const ctx = await openPushedView(deps, body as ViewBody);
      if (ctx) await rebuildFormBelow(deps, ctx, client);
    },
  ]);
}

/** The list being edited: as the draft holds it, else as the form had it when the view was pushed. */
function listOf(draft: AudienceDraft, field: ListField): DictValue[] {
  return [...(draft.lists?.[field] ?? (draft.form?.[field] as DictValue[] | undefined) ?? [])];
}

async function pushListView(
  deps: PushedViewDeps,
  body: BlockAction,
  client: Pick<webApi.WebClient, 'views'>,
  field: ListField,
) {
  const ctx = await openPushedView(deps, body);
  if (!ctx?.draft || !ctx.metadata.audienceKey) return;
  const { form } = await currentForm(deps, {
    state: ctx.view.state.values as StateValues,
    lookup: ctx.lookup,
    metadata: ctx.metadata,
  });
  const draft: AudienceDraft = { ...ctx.draft, form };
  await saveDraft(deps, ctx, draft);
  const view = render(deps, { ...ctx, draft }, field, listOf(draft, field), 0);
  await client.views
    .push({ trigger_id: body.trigger_id, view: deps.viewSeal.seal(bindingOf('experiment-form', body), view) })
    .catch((error) => deps.logger.warn('views.push failed for the list view', { error }));
}

type Edit = (
  ctx: PushedViewContext,
  values: DictValue[],
  field: ListField,
) => { page: number; notice?: SafeText | undefined };

/** Reads the list, lets `edit` change it, saves it, shows it, and rebuilds the form under it. */
async function change(
  deps: PushedViewDeps,
  body: BlockAction,
  client: Pick<webApi.WebClient, 'views'>,
  edit: Edit,
) {
  const ctx = await openPushedView(deps, body);
  const field = ctx?.metadata.listField;
  if (!ctx?.draft || field === undefined) return;
  const values = listOf(ctx.draft, field);
  const { page, notice } = edit(ctx, values, field);
  const draft: AudienceDraft = { ...ctx.draft, lists: { ...ctx.draft.lists, [field]: values } };
  await saveDraft(deps, ctx, draft);
  await updatePushedView(deps, client, ctx, render(deps, { ...ctx, draft }, field, values, page, notice));
  await rebuildFormBelow(deps, { ...ctx, draft }, client);
}

function offeredFor(ctx: PushedViewContext, field: ListField) {
  return offeredItems(field, ctx.dictionaries, ctx.draft?.form ?? {});
}

/** The value chosen in the picker, added at the end (or why not). */
function addChosen(deps: PushedViewDeps, ctx: PushedViewContext, values: DictValue[], field: ListField) {
  const texts = deps.messages.experimentEdit;
  const offered = offeredFor(ctx, field);
  const state = ctx.view.state.values as StateValues;
  const picked = Object.values(state[`${LIST_VIEW.blocks.newValue}:${values.length}`] ?? {})[0];
  const option = isObject(picked) && isObject(picked.selected_option) ? picked.selected_option : undefined;
  const encoded = typeof option?.value === 'string' ? option.value : undefined;
  const value =
    encoded === undefined
      ? undefined
      : decodeOptionValue(
          encoded,
          offered.map((item) => item.value),
        );
  const item = offered.find((i) => i.value === value);
  const last = Number.MAX_SAFE_INTEGER;
  if (item === undefined) return { page: ctx.metadata.page ?? 0, notice: texts.listAddRefused.none };
  if (values.includes(item.value)) return { page: last, notice: texts.listAddRefused.present };
  values.push(item.value);
  const shown = listValueText(lookupOf(deps, ctx, field), item.value);
  return { page: last, notice: texts.listAdded({ value: shown }) };
}

function lookupOf(deps: Pick<PushedViewDeps, 'messages'>, ctx: PushedViewContext, field: ListField) {
  return {
    field,
    offered: offeredFor(ctx, field),
    labels: labelsFromItems(ctx.dictionaries),
    messages: deps.messages,
  };
}

function render(
  deps: Pick<PushedViewDeps, 'messages'>,
  ctx: PushedViewContext,
  field: ListField,
  values: readonly DictValue[],
  page: number,
  notice?: SafeText,
): ModalView {
  return listView({
    ...lookupOf(deps, ctx, field),
    values,
    page,
    metadata: ctx.metadata,
    notice,
  });
}
