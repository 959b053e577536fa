import type { Identity } from '../../core/connections.js';
import { performAction } from '../../core/lifecycle/perform-action.js';
import type { PerformActionPorts, PerformedKind } from '../../core/lifecycle/ports.js';
import type { LifecycleRequest } from '../../core/run-action.js';
import { runLifecycleAction } from '../../core/run-action.js';
import type { SafeText } from '../blocks/escape.js';
import type { AppServices, SlackDeps } from '../deps.js';
import type { Speaking } from '../locale/scope.js';
import type { LifecycleSurface } from './surface.js';
import { lifecycleTeller } from './tell-outcome.js';

/**
 * The one path every lifecycle trigger takes (slash command, button, stop modal, approval), through
 * the domain's use-case (core/lifecycle/perform-action.ts): the channel hears what happened (into
 * the experiment's thread, whose parent shows the current state) or the person what went wrong; a
 * done action is then alerted to the subscribed channels.
 */
export interface PerformedLifecycle {
  kind: PerformedKind;
  /** What happened, in one line (the channel's, or what the person was told). */
  line: SafeText;
  /** Whose token acted, when one did (for the audit trail). */
  identity?: Identity | undefined;
  /** For a failed action: the platform error's kind. */
  why?: string | undefined;
  /** It may have been applied: nobody is told it was or was not. */
  unknown?: boolean | undefined;
  /** A stored request's run: ends its intent, once the request's end is written. */
  releaseIntent?: (() => Promise<void>) | undefined;
}

/**
 * The lifecycle service: performs a request and tells its outcome in the languages it is given (the
 * request's, job's or sweep's at hand). Built once for the process (compose), so a feature that runs
 * actions takes this one service and its language rather than the stores the path uses.
 */
export interface LifecycleService {
  perform(
    speaking: Speaking,
    request: LifecycleRequest,
    surface: LifecycleSurface,
    /** The caller already took one of the process's action slots for it (given back here); else one is taken here. */
    slotHeld?: boolean,
  ): Promise<PerformedLifecycle>;
}

/** What a feature that runs lifecycle actions needs for it: the service, and its language. */
export type PerformLifecycleDeps = Pick<SlackDeps, 'lifecycle' | 'messages' | 'locale'>;

/** What the lifecycle path uses of the process's services. */
export type LifecycleServiceDeps = Pick<
  AppServices,
  | 'subscriberAlerts'
  | 'actionSlots'
  | 'audit'
  | 'connections'
  | 'consoleLinks'
  | 'dictionaries'
  | 'intents'
  | 'knowledge'
  | 'locks'
  | 'logger'
  | 'metrics'
  | 'now'
  | 'scopeOf'
>;

export function createLifecycleService(services: LifecycleServiceDeps): LifecycleService {
  return {
    async perform(speaking, request, surface, slotHeld = false) {
      const deps = { ...services, messages: speaking.messages, locale: speaking.locale };
      const performed = await performAction(lifecyclePorts(deps, request, surface), request, slotHeld);
      const { kind, told: line, identity, why, unknown, releaseIntent } = performed;
      return { kind, line, identity, why, unknown, releaseIntent };
    },
  };
}

/** The use-case's ports for one request: Slack tells the outcome, the alert queue takes the fan-out. */
function lifecyclePorts(
  deps: LifecycleServiceDeps & Speaking,
  request: LifecycleRequest,
  surface: LifecycleSurface,
): PerformActionPorts<SafeText> {
  const { connections, knowledge, logger, intents } = deps;
  return {
    slots: deps.actionSlots,
    run: (r, hooks) => runLifecycleAction({ connections, knowledge, logger, intents }, r, hooks),
    intents,
    tell: lifecycleTeller(deps, request, surface),
    notifySubscribers: async (event, view) => {
      // The channel the action came from already has the result.
      const marked = request.scheduledBy ? { ...event, scheduledBy: request.scheduledBy } : event;
      await deps.subscriberAlerts.notify(request.workspace, { channelId: surface.channelId }, marked, view);
    },
    audit: deps.audit,
    expiry: { now: () => deps.now(), claim: (key, ttlMs) => deps.locks.claim(key, ttlMs) },
    logger,
    metrics: deps.metrics,
  };
}
