import type { LifecycleEventBody } from '../../core/hooks/event.js';
import { stopReasonOfEvent } from '../../core/stop-reason.js';
import type { AlertEvent } from '../subscriptions/alert-message.js';

/** The alert an accepted inbound event becomes: like the app's own actions, by the sender's actor. */
export function alertOfEvent(event: LifecycleEventBody): AlertEvent {
  const outside = { actor: event.actor };
  const at = event.occurredAt;
  const experimentId = event.experimentId;
  switch (event.action) {
    case 'status':
      return { action: 'status', experimentId, status: event.status ?? '?', outside, at };
    case 'create':
      return { action: 'create', experimentId, name: event.name ?? '', outside, at };
    case 'edit':
      return { action: 'edit', experimentId, fields: [], outside, at };
    default:
      return {
        action: event.action,
        experimentId,
        stop: stopReasonOfEvent(event),
        outside,
        at,
      };
  }
}
