import { performAction } from '../../core/lifecycle/perform-action.js';
import type { PerformActionPorts } from '../../core/lifecycle/ports.js';
import type { LifecycleRequest } from '../../core/run-action.js';
import { runLifecycleAction } from '../../core/run-action.js';
import type { SafeText } from '../blocks/escape.js';
import type { AppServices, SlackDeps } from '../deps.js';
import type { Speaking } from '../locale/scope.js';
import type { LifecycleService } from './lifecycle-service.js';
import type { LifecycleSurface } from './surface.js';
import { lifecycleTeller } from './tell-outcome.js';

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
