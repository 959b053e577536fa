import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';

/** How a refusal for want of a slot reads in the audit trail: the command path records it itself. */
export { BUSY_AUDIT } from '../../core/lifecycle/audit-entry.js';

/**
 * An action refused because the process has too many in flight: counted, logged (sampled), and the answer
 * to give the person (nothing was sent). The command path gives it in its ack, buttons and the
 * stop modal after theirs.
 */
export function refuseBusy(
  deps: Pick<SlackDeps, 'messages' | 'logger' | 'metrics' | 'actionSlots'>,
  action: LifecycleAction,
  experimentId: number,
): SlackMessage {
  // In a storm this runs thousands of times a second: one line per interval, with the count.
  const refused = deps.actionSlots.countRefusal();
  if (refused !== undefined)
    deps.logger.warn('lifecycle actions refused: too many in progress', {
      refused,
      inFlight: deps.actionSlots.inUse,
      action,
    });
  deps.metrics.inc('exp_lifecycle_total', { action, outcome: 'busy' });
  return textMessage(deps.messages.errors.busy({ action, experimentId }));
}
