import {
  type AllMiddlewareArgs,
  type AnyMiddlewareArgs,
  type App,
  type Middleware,
  MultipleListenerError,
  type OptionsSource,
  type SlackAction,
  type SlackActionMiddlewareArgs,
  type SlackCommandMiddlewareArgs,
  type SlackEventMiddlewareArgs,
  type SlackOptionsMiddlewareArgs,
  type SlackViewAction,
  type SlackViewMiddlewareArgs,
} from '@slack/bolt';
import type { SlackDeps } from './deps.js';
import type { InFlightCounter } from './in-flight.js';

// Bolt runs, for every request, the middleware chain of every registered listener (a copy of the
// arguments per step, a promise per listener, then allSettled) just to let each one's matcher say
// "not mine"; with the app's forty-odd listeners that walk was the largest single cost of a
// `/exp help`. So the features register here, in tables by id, and the app gives Bolt one listener
// per surface (app.command, app.action, app.view, app.options, app.event) that runs only the
// listeners whose id matches. It also answers what no listener takes: Bolt never acks an
// interaction nobody matches, so a button of an older version of the app (or a forged id) would
// wait out Slack's 3 s and get an error.

// Workflow steps (function_executed events) are their own surface, filed by the step's callback_id.
export type SurfaceKind = 'action' | 'view' | 'options' | 'command' | 'event' | 'function';
type Kind = SurfaceKind;
type Id = string | RegExp;
type Args = AnyMiddlewareArgs & AllMiddlewareArgs;

/**
 * Whether a request is the app's to act on at all, asked before any listener of its surface runs:
 * a refusal has answered the request itself. `true` when known at once, so the requests admitted
 * cost no promise.
 */
export type Admission = (kind: SurfaceKind, args: Args) => true | Promise<boolean>;
type Step = (args: Args) => Promise<void> | void;

/**
 * A listener: its middleware and then the listener itself, as Bolt's registration calls take them,
 * built for each request from the deps it runs with (those of its person's language: locale/scope.ts).
 */
type Chain<M, D> = (deps: D) => readonly M[];

/** The registration calls of Bolt's App the features use, with string or RegExp ids only. */
export interface SlackListeners<D = SlackDeps> {
  action<A extends SlackAction = SlackAction>(
    actionId: Id,
    chain: Chain<Middleware<SlackActionMiddlewareArgs<A>>, D>,
  ): void;
  view<V extends SlackViewAction = SlackViewAction>(
    callbackId: Id,
    chain: Chain<Middleware<SlackViewMiddlewareArgs<V>>, D>,
  ): void;
  options<Source extends OptionsSource = 'block_suggestion'>(
    actionId: Id,
    chain: Chain<Middleware<SlackOptionsMiddlewareArgs<Source>>, D>,
  ): void;
  command(commandName: Id, chain: Chain<Middleware<SlackCommandMiddlewareArgs>, D>): void;
  event<E extends string>(eventType: E, chain: Chain<Middleware<SlackEventMiddlewareArgs<E>>, D>): void;
  /** A custom workflow step (Bolt's app.function), by its callback_id. */
  function(
    callbackId: string,
    chain: Chain<Middleware<SlackEventMiddlewareArgs<'function_executed'>>, D>,
  ): void;
}

export interface ListenerRegistry<D> {
  /** Where the features register their listeners. */
  listeners: SlackListeners<D>;
  /**
   * Gives Bolt the one global middleware that dispatches every surface; call once, after the others.
   * `inFlight` hears each request's chain start and end (its work after the ack included); `admit`
   * is asked first, for every surface.
   */
  attachTo(app: App, inFlight?: Pick<InFlightCounter, 'enter' | 'leave'>, admit?: Admission): void;
  /** Whether a listener of this kind takes this id (tests). */
  takes(kind: Kind, id: string): boolean;
}

interface Route<D> {
  seq: number;
  chain: (deps: D) => readonly unknown[];
}

interface Table<D> {
  exact: Map<string, Route<D>[]>;
  patterns: Array<{ pattern: RegExp; route: Route<D> }>;
}

const KINDS: readonly Kind[] = ['action', 'view', 'options', 'command', 'event', 'function'];

const isStep = (value: unknown): value is Step => typeof value === 'function';

/**
 * `onUnknown` hears of every interaction no listener takes (acked with nothing done); `depsOf` gives
 * the deps a request's listeners are built with (the app's, speaking the request's languages).
 */
export function createListenerRegistry<D>(
  onUnknown: (kind: string, id: string) => void,
  depsOf: (args: Args) => D | Promise<D>,
): ListenerRegistry<D> {
  const tables = new Map<Kind, Table<D>>(KINDS.map((kind) => [kind, { exact: new Map(), patterns: [] }]));
  let seq = 0;
  const add = (kind: Kind, id: unknown, chain: unknown): void => {
    const table = tables.get(kind) as Table<D>;
    if (typeof chain !== 'function') throw new TypeError(`${kind}: a listener chain is required`);
    const route: Route<D> = { seq: seq++, chain: chain as Route<D>['chain'] };
    if (typeof id === 'string') {
      const list = table.exact.get(id) ?? [];
      list.push(route);
      table.exact.set(id, list);
    } else if (id instanceof RegExp) {
      table.patterns.push({ pattern: id, route });
    } else {
      // A constraint object (block_id, type, …) would be matched differently from Bolt: refused at start-up.
      throw new TypeError(`${kind}: only string or RegExp ids are routed (got ${typeof id})`);
    }
  };
  const matching = (kind: Kind, id: string): Route<D>[] => matchRoutes(tables.get(kind) as Table<D>, id);
  const listeners: SlackListeners<D> = {
    action: (id, chain) => add('action', id, chain),
    view: (id, chain) => add('view', id, chain),
    options: (id, chain) => add('options', id, chain),
    command: (id, chain) => add('command', id, chain),
    event: (id, chain) => add('event', id, chain),
    function: (id, chain) => add('function', id, chain),
  };
  const dispatch = (kind: Kind, admit: Admission | undefined) => async (args: Args) => {
    const admitted = admit ? admit(kind, args) : true;
    if (admitted !== true && !(await admitted)) return;
    const body = args.body as Record<string, unknown>;
    const id = idOf(kind, body);
    const routes = id === undefined ? [] : matching(kind, id);
    if (routes.length === 0) return answerUnknown(args, kind, id, onUnknown);
    const deps = await depsOf(args);
    return runAll(
      routes.map((route) => stepsOf(kind, route, deps)),
      args,
    ).catch((error: unknown) => {
      // Named for the error handler's log line: which listener let it escape.
      if (error instanceof Error && !(LISTENER_OF in error))
        Object.defineProperty(error, LISTENER_OF, { value: `${kind} ${id}` });
      throw error;
    });
  };
  return {
    listeners,
    takes: (kind, id) => matching(kind, id).length > 0,
    attachTo(app, inFlight, admit) {
      // One global middleware (Bolt's documented app.use), last in the chain, dispatches every
      // surface through the tables; what no surface owns (shortcuts) goes on to Bolt as before.
      // Not five listeners, one per surface: Bolt runs every listener's chain on every request.
      app.use(async (args) => {
        inFlight?.enter();
        try {
          const kind = surfaceOf(args);
          if (!kind) return await args.next();
          await dispatch(kind, admit)(args);
        } finally {
          inFlight?.leave();
        }
      });
    },
  };
}

/** The listener ("command /exp", "view exp_reject_modal") an escaped error came from. */
const LISTENER_OF = Symbol('listener');

/** The listener named on an error Bolt hands its error handler (its original, when Bolt wrapped it). */
export function listenerOf(error: unknown): string | undefined {
  const original = (error as { original?: unknown } | undefined)?.original ?? error;
  if (!(original instanceof Error)) return undefined;
  const named = (original as Error & { [LISTENER_OF]?: unknown })[LISTENER_OF];
  return typeof named === 'string' ? named : undefined;
}

/** Which surface a request is, from the aliases Bolt sets on the arguments of every middleware. */
function surfaceOf(args: Args): Kind | undefined {
  if ('command' in args) return 'command';
  if ('action' in args) return 'action';
  if ('view' in args) return 'view';
  if ('options' in args) return 'options';
  if ('event' in args) return isFunctionExecuted(args.body) ? 'function' : 'event';
  return undefined;
}

function matchRoutes<D>(table: Table<D>, id: string): Route<D>[] {
  const exact = table.exact.get(id);
  let found: Route<D>[] | undefined;
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
}

/** A route's chain built for a request: a listener function is required, and each step is one. */
function stepsOf<D>(kind: Kind, route: Route<D>, deps: D): readonly Step[] {
  const steps = route.chain(deps);
  if (steps.length === 0 || !steps.every(isStep))
    throw new TypeError(`${kind}: a listener function is required`);
  return steps;
}

/** Every matching listener, as Bolt runs them: together, one failure rethrown, several gathered. */
async function runAll(routes: readonly (readonly Step[])[], args: Args): Promise<void> {
  if (routes.length === 1) return run(routes[0] as readonly Step[], args);
  const settled = await Promise.allSettled(routes.map((route) => run(route, args)));
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) throw new MultipleListenerError(failed);
}

/**
 * Runs one listener's middleware then the listener itself (with a no-op next), as Bolt does. Plain
 * functions handing on each step's promise, not async ones awaiting it: every async layer is a
 * promise more per request.
 */
function run(steps: readonly Step[], args: Args): Promise<void> {
  const step = (index: number): Promise<void> => {
    const fn = steps[index] as Step;
    let called = false;
    const next =
      index === steps.length - 1
        ? noop
        : () => {
            if (called) return Promise.reject(new Error('next() called multiple times'));
            called = true;
            return step(index + 1);
          };
    try {
      return Promise.resolve(fn({ ...args, next }));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return step(0);
}

const noop = async () => {};

/** The id listeners of a surface are filed under, read from the request body. */
function idOf(kind: Kind, body: Record<string, unknown>): string | undefined {
  switch (kind) {
    case 'command':
      return stringOr(body.command);
    case 'action': {
      // Bolt's action payload is the first action.
      const first = Array.isArray(body.actions)
        ? (body.actions[0] as Record<string, unknown> | undefined)
        : undefined;
      return stringOr(first?.action_id);
    }
    case 'view':
      return body.type === 'view_submission'
        ? stringOr((body.view as Record<string, unknown> | undefined)?.callback_id)
        : undefined;
    case 'options':
      return body.type === 'block_suggestion' ? stringOr(body.action_id) : undefined;
    case 'event':
      return stringOr((body.event as Record<string, unknown> | undefined)?.type);
    case 'function': {
      const event = body.event as { function?: { callback_id?: unknown } } | undefined;
      return stringOr(event?.function?.callback_id);
    }
  }
}

function isFunctionExecuted(body: unknown): boolean {
  const event = (body as { event?: { type?: unknown } } | undefined)?.event;
  return event?.type === 'function_executed';
}

/** Whether the body is of the type the surface's ids are read from (else it is logged by its own type). */
function ownsType(kind: Kind, body: Record<string, unknown>): boolean {
  if (kind === 'command') return typeof body.command === 'string';
  return body.type === SURFACE_TYPES[kind];
}

const SURFACE_TYPES: Record<Exclude<Kind, 'command'>, string> = {
  action: 'block_actions',
  view: 'view_submission',
  options: 'block_suggestion',
  event: 'event_callback',
  function: 'event_callback',
};

const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What no listener takes: acked at once with nothing done (events are acked by Bolt already). */
async function answerUnknown(
  args: Args,
  kind: Kind,
  id: string | undefined,
  onUnknown: (kind: string, id: string) => void,
): Promise<void> {
  const ack = 'ack' in args ? (args.ack as ((response?: unknown) => Promise<void>) | undefined) : undefined;
  if (!ack) return;
  const body = args.body as Record<string, unknown>;
  // The app asks for no close notices.
  if (body.type === 'view_closed') return ack();
  onUnknown(ownsType(kind, body) ? kind : typeof body.type === 'string' ? body.type : 'unknown', id ?? '');
  if (kind === 'options') return ack({ options: [] });
  return ack();
}
