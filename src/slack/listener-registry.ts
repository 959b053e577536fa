import type { AnyMiddlewareArgs, App, Middleware } from '@slack/bolt';

// Bolt never acks an interaction no listener matches, so a button of an older version of the app
// (or a forged action id) waits out Slack's 3 s and gets a 404. The registry remembers which ids
// the app listens to, and a global middleware acks the rest at once with nothing done.

type Constraint = string | RegExp;

export interface ListenerRegistry {
  actions: Constraint[];
  views: Constraint[];
  options: Constraint[];
}

const matches = (constraints: readonly Constraint[], id: unknown): boolean =>
  typeof id === 'string' && constraints.some((c) => (typeof c === 'string' ? c === id : c.test(id)));

/** Records the ids of every action, view and options listener registered on the app from now on. */
export function recordListeners(app: App): ListenerRegistry {
  const registry: ListenerRegistry = { actions: [], views: [], options: [] };
  const wrap = (method: 'action' | 'view' | 'options', into: Constraint[]) => {
    const original = app[method].bind(app) as (...args: unknown[]) => void;
    (app as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const constraint = args[0];
      if (typeof constraint === 'string' || constraint instanceof RegExp) into.push(constraint);
      else if (constraint && typeof constraint === 'object') {
        // { action_id } / { callback_id } / { block_id }: the id part is what is checked here.
        const record = constraint as Record<string, unknown>;
        const id = record.action_id ?? record.callback_id;
        if (typeof id === 'string' || id instanceof RegExp) into.push(id);
        else into.push(/.*/);
      }
      return original(...args);
    };
  };
  wrap('action', registry.actions);
  wrap('view', registry.views);
  wrap('options', registry.options);
  return registry;
}

/** Acks an interaction no listener is registered for: 200 with nothing done, logged at debug. */
export function ackUnknownInteractions(
  registry: ListenerRegistry,
  onUnknown: (kind: string, id: string) => void,
): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const body = args.body as Record<string, unknown>;
    const type = body.type;
    const ack = (args as { ack?: (response?: unknown) => Promise<void> }).ack;
    if (!ack) return args.next();
    if (type === 'block_actions') {
      const actions = Array.isArray(body.actions) ? (body.actions as Array<Record<string, unknown>>) : [];
      if (actions.some((a) => matches(registry.actions, a.action_id))) return args.next();
      onUnknown('action', String(actions[0]?.action_id ?? ''));
      return ack();
    }
    if (type === 'view_closed') {
      // Bolt matches `app.view('id')` to submissions only, and the app asks for no close notices.
      return ack();
    }
    if (type === 'view_submission') {
      const view = (body.view ?? {}) as Record<string, unknown>;
      if (matches(registry.views, view.callback_id)) return args.next();
      onUnknown('view', String(view.callback_id ?? ''));
      return ack();
    }
    if (type === 'block_suggestion') {
      if (matches(registry.options, body.action_id)) return args.next();
      onUnknown('options', String(body.action_id ?? ''));
      return ack({ options: [] });
    }
    if (typeof type === 'string') {
      // Shortcuts, message actions, legacy attachments and dialogs: the app registers none of them.
      onUnknown(type, '');
      return ack();
    }
    return args.next();
  };
}
