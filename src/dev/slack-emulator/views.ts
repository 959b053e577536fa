import { checkBlockKitLimits } from './block-kit/check-limits.js';
import type { IdSource } from './ids.js';
import type { TriggerContext } from './triggers.js';
import type { EmulatedView, EmulatorIdentity, ViewAckOutcome } from './types.js';

/** Slack: a modal stack holds at most 3 views (views.open, then 2 pushes). */
const MAX_VIEW_STACK = 3;

export interface ViewStore {
  views: Map<string, EmulatedView>;
  /** Opens a new root; any stack the user still had open is closed first (one modal per user). */
  open(view: Record<string, unknown>, userId: string): EmulatedView;
  push(
    view: Record<string, unknown>,
    from: TriggerContext,
  ): EmulatedView | 'push_limit_reached' | 'no_open_view';
  update(
    target: { viewId?: string; externalId?: string },
    view: Record<string, unknown>,
    hash?: string,
  ): EmulatedView | 'not_found' | 'hash_conflict';
  close(viewId: string, clear?: boolean): void;
  stackOf(viewId: string): EmulatedView[];
  externalIdTaken(externalId: string): boolean;
  applyAck(viewId: string, body: Record<string, unknown> | undefined): ViewAckOutcome;
  toApi(view: EmulatedView): Record<string, unknown>;
}

export function createViewStore(ids: IdSource, identity: EmulatorIdentity, changed: () => void): ViewStore {
  const views = new Map<string, EmulatedView>();
  // Map keeps insertion order, and a stack's views are inserted bottom to top.
  const stackOf = (viewId: string) => {
    const root = views.get(viewId)?.rootViewId;
    return root === undefined ? [] : [...views.values()].filter((v) => v.rootViewId === root);
  };
  const create = (view: Record<string, unknown>, userId: string, below?: EmulatedView): EmulatedView => {
    const id = ids.viewId();
    const created: EmulatedView = {
      id,
      hash: ids.hash(),
      userId,
      rootViewId: below?.rootViewId ?? id,
      view,
      openedAt: Date.now(),
    };
    if (below) created.previousViewId = below.id;
    if (typeof view.external_id === 'string' && view.external_id !== '')
      created.externalId = view.external_id;
    views.set(id, created);
    changed();
    return created;
  };
  const close = (viewId: string, clear = false) => {
    const stack = stackOf(viewId);
    const from = clear ? 0 : stack.findIndex((v) => v.id === viewId);
    for (const v of stack.slice(Math.max(from, 0))) views.delete(v.id);
    changed();
  };
  const push: ViewStore['push'] = (view, from) => {
    const fromView = from.viewId === undefined ? undefined : views.get(from.viewId);
    const userRoots = [...views.values()].filter((v) => v.userId === from.userId && v.rootViewId === v.id);
    const anchor = fromView ?? userRoots.at(-1);
    if (!anchor) return 'no_open_view';
    const stack = stackOf(anchor.id);
    if (stack.length >= MAX_VIEW_STACK) return 'push_limit_reached';
    return create(view, from.userId, stack.at(-1));
  };
  const replace = (target: EmulatedView, view: Record<string, unknown>) => {
    target.view = view;
    target.hash = ids.hash();
    delete target.errors;
    if (typeof view.external_id === 'string' && view.external_id !== '') target.externalId = view.external_id;
    changed();
    return target;
  };

  return {
    views,
    open(view, userId) {
      for (const v of [...views.values()])
        if (v.userId === userId && v.rootViewId === v.id) close(v.id, true);
      return create(view, userId);
    },
    push,
    update(target, view, hash) {
      const found =
        target.viewId !== undefined
          ? views.get(target.viewId)
          : [...views.values()].find((v) => v.externalId !== undefined && v.externalId === target.externalId);
      if (!found) return 'not_found';
      if (hash !== undefined && hash !== '' && hash !== found.hash) return 'hash_conflict';
      return replace(found, view);
    },
    close,
    stackOf,
    externalIdTaken: (externalId) => [...views.values()].some((v) => v.externalId === externalId),
    applyAck(viewId, body) {
      const current = views.get(viewId);
      if (!current) return { kind: 'rejected', reason: `view ${viewId} is not open` };
      const action = body?.response_action;
      if (action === undefined) {
        close(viewId);
        return { kind: 'closed' };
      }
      if (action === 'clear') {
        close(viewId, true);
        return { kind: 'cleared' };
      }
      if (action === 'errors') return ackErrors(current, body?.errors, changed);
      if (action !== 'update' && action !== 'push')
        return { kind: 'rejected', reason: `unknown response_action ${String(action)}` };
      const next = body?.view;
      if (typeof next !== 'object' || next === null)
        return { kind: 'rejected', reason: 'response_action without a view' };
      const nextView = next as Record<string, unknown>;
      const breaches = checkBlockKitLimits({ kind: 'view', view: nextView });
      if (breaches.length > 0) return { kind: 'rejected', reason: 'invalid_blocks', breaches };
      if (action === 'update') return { kind: 'updated', view: replace(current, nextView) };
      const pushed = push(nextView, { userId: current.userId, viewId });
      if (typeof pushed === 'string') return { kind: 'rejected', reason: pushed };
      return { kind: 'pushed', view: pushed };
    },
    toApi: (v) => viewToApi(v, identity),
  };
}

/** A view as Slack returns it from views.* and puts it in interaction payloads. */
export function viewToApi(
  v: EmulatedView,
  identity: EmulatorIdentity,
  values: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    team_id: identity.teamId,
    type: 'modal',
    blocks: [],
    private_metadata: '',
    callback_id: '',
    title: null,
    close: null,
    submit: null,
    clear_on_close: false,
    notify_on_close: false,
    ...v.view,
    external_id: v.externalId ?? '',
    id: v.id,
    hash: v.hash,
    state: { values },
    previous_view_id: v.previousViewId ?? null,
    root_view_id: v.rootViewId,
    app_id: identity.appId,
    app_installed_team_id: identity.teamId,
    bot_id: identity.botId,
  };
}

// Slack keys submission errors by the block_id of an input block; any other key makes Slack show a
// generic error instead, so the emulator rejects it to surface the bug in tests.
function ackErrors(view: EmulatedView, errors: unknown, changed: () => void): ViewAckOutcome {
  if (typeof errors !== 'object' || errors === null)
    return { kind: 'rejected', reason: 'errors must be an object' };
  const blocks = Array.isArray(view.view.blocks) ? (view.view.blocks as Record<string, unknown>[]) : [];
  const inputIds = new Set(blocks.filter((b) => b?.type === 'input').map((b) => b.block_id));
  const entries = Object.entries(errors as Record<string, unknown>);
  const unknown = entries.filter(([key]) => !inputIds.has(key)).map(([key]) => key);
  if (unknown.length > 0)
    return { kind: 'rejected', reason: `errors for non-input block ids: ${unknown.join(', ')}` };
  view.errors = Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
  changed();
  return { kind: 'errors', errors: view.errors };
}
