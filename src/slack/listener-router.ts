import { type AnyMiddlewareArgs, type App, type Middleware, MultipleListenerError } from '@slack/bolt';

// Bolt 5 runs, for every request, the middleware chain of every registered listener (a copy of the
// arguments per step, a promise per listener, then allSettled) just to let each one's matcher say
// "not mine". With the app's listeners that walk was the largest single cost of a `/exp help`
// (`invokeMiddleware`, 15–23 % of CPU in bench/ profiles), paid even by requests one listener takes.
// The router keeps Bolt's registration calls (app.action, app.view, app.options, app.command,
// app.event with string or RegExp ids) but files them in tables by id, and one global middleware,
// installed after every other, runs only the listeners whose id matches. It also answers what no
// listener takes: Bolt never acks an interaction nobody matches, so a button of an older version of
// the app (or a forged id) would wait out Slack's 3 s and get an error.

type Kind = 'action' | 'view' | 'options' | 'command' | 'event';
type Step = Middleware<AnyMiddlewareArgs>;

interface Route {
  seq: number;
  steps: Step[];
}

interface Table {
  exact: Map<string, Route[]>;
  patterns: Array<{ pattern: RegExp; route: Route }>;
}

export interface ListenerRouter {
  /** The one global middleware that runs the matching listeners; register it after every other. */
  dispatch: Step;
  /** Whether a listener of this kind takes this id (tests, and the unknown-interaction answer). */
  takes(kind: Kind, id: string): boolean;
}

const KINDS: readonly Kind[] = ['action', 'view', 'options', 'command', 'event'];

/**
 * From now on, listeners registered on the app go to the router's tables, not to Bolt's list.
 * Only string and RegExp ids are taken: a constraint object (block_id, type, …) throws at start-up
 * rather than being matched differently from Bolt.
 */
export function routeListeners(app: App, onUnknown: (kind: string, id: string) => void): ListenerRouter {
  const tables = new Map<Kind, Table>(KINDS.map((kind) => [kind, { exact: new Map(), patterns: [] }]));
  let seq = 0;
  for (const kind of KINDS) {
    const table = tables.get(kind) as Table;
    (app as unknown as Record<Kind, (...args: unknown[]) => void>)[kind] = (...args: unknown[]) => {
      const [constraint, ...steps] = args;
      if (steps.length === 0 || !steps.every((s) => typeof s === 'function'))
        throw new TypeError(`app.${kind}: a listener function is required`);
      const route: Route = { seq: seq++, steps: steps as Step[] };
      if (typeof constraint === 'string') {
        const list = table.exact.get(constraint) ?? [];
        list.push(route);
        table.exact.set(constraint, list);
      } else if (constraint instanceof RegExp) {
        table.patterns.push({ pattern: constraint, route });
      } else {
        throw new TypeError(`app.${kind}: only string or RegExp ids are routed (got ${typeof constraint})`);
      }
    };
  }

  const matching = (kind: Kind, id: string): Route[] => {
    const table = tables.get(kind) as Table;
    const exact = table.exact.get(id);
    let found: Route[] | undefined;
    for (const { pattern, route } of table.patterns) {
      // A global or sticky RegExp keeps state between test() calls: reset so every request starts clean.
      pattern.lastIndex = 0;
      if (!pattern.test(id)) continue;
      found = found ?? [];
      found.push(route);
    }
    if (!found) return exact ?? [];
    // Bolt starts listeners in registration order; kept when both tables match.
    return exact ? [...exact, ...found].sort((a, b) => a.seq - b.seq) : found;
  };

  const dispatch: Step = async (args) => {
    const { kind, id } = classify(args.body as Record<string, unknown>);
    const ack = (args as { ack?: (response?: unknown) => Promise<void> }).ack;
    const routes = kind === undefined || id === undefined ? [] : matching(kind, id);
    if (routes.length === 0)
      return answerUnknown(args.body as Record<string, unknown>, kind, id, ack, onUnknown);
    if (routes.length === 1) return run(routes[0] as Route, args);
    const settled = await Promise.allSettled(routes.map((route) => run(route, args)));
    const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
    if (failed.length === 1) throw failed[0];
    if (failed.length > 1) throw new MultipleListenerError(failed);
  };

  return {
    dispatch,
    takes: (kind, id) => matching(kind, id).length > 0,
  };
}

/** Runs one listener's middleware then the listener itself (with a no-op next), as Bolt does. */
function run(route: Route, args: Parameters<Step>[0]): Promise<void> {
  const { steps } = route;
  const step = async (index: number): Promise<void> => {
    const fn = steps[index] as Step;
    if (index === steps.length - 1) {
      await fn({ ...args, next: noop } as Parameters<Step>[0]);
      return;
    }
    let called = false;
    await fn({
      ...args,
      next: async () => {
        if (called) throw new Error('next() called multiple times');
        called = true;
        await step(index + 1);
      },
    } as Parameters<Step>[0]);
  };
  return step(0);
}

const noop = async () => {};

/** The kind of listener a request is for, and the id listeners of that kind are filed under. */
export function classify(body: Record<string, unknown>): { kind?: Kind; id?: string } {
  if (typeof body.command === 'string') return { kind: 'command', id: body.command };
  switch (body.type) {
    case 'block_actions': {
      // Bolt's action payload is the first action.
      const first = Array.isArray(body.actions)
        ? (body.actions[0] as Record<string, unknown> | undefined)
        : undefined;
      return { kind: 'action', id: stringOr(first?.action_id) };
    }
    case 'view_submission':
      return { kind: 'view', id: stringOr((body.view as Record<string, unknown> | undefined)?.callback_id) };
    case 'block_suggestion':
      return { kind: 'options', id: stringOr(body.action_id) };
    case 'event_callback':
      return { kind: 'event', id: stringOr((body.event as Record<string, unknown> | undefined)?.type) };
    default:
      return {};
  }
}

const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What no listener takes: acked at once with nothing done (events are acked by Bolt already). */
async function answerUnknown(
  body: Record<string, unknown>,
  kind: Kind | undefined,
  id: string | undefined,
  ack: ((response?: unknown) => Promise<void>) | undefined,
  onUnknown: (kind: string, id: string) => void,
): Promise<void> {
  if (!ack) return;
  // Bolt matches `app.view('id')` to submissions only, and the app asks for no close notices.
  if (body.type === 'view_closed') return ack();
  onUnknown(kind ?? (typeof body.type === 'string' ? body.type : 'unknown'), id ?? '');
  if (kind === 'options') return ack({ options: [] });
  return ack();
}
