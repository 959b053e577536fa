import type { ExperimentView } from '../../lifecycle/experiments/knowledge.js';
import type { LifecycleRequest } from '../../lifecycle/run-action.js';
import { runLifecycleAction } from '../../lifecycle/run-action.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import { type SafeText, safe } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import { expiryOf, notConnectedMessage } from '../connection/replies.js';
import type { SlackDeps } from '../deps.js';
import { experimentCard } from '../experiment/card.js';
import { publishEvent } from '../experiment/publish.js';
import { notifySubscribers } from '../subscriptions/notify-subscribers.js';
import { conflictLine, doneLine, STATUS_DISPLAY_MAX } from './event-lines.js';
import type { LifecycleSurface } from './surface.js';

/**
 * The one path every lifecycle trigger takes (slash command, button, stop modal): run the action,
 * then tell the channel what happened (into the experiment's thread, whose parent shows the current
 * state) or the person what went wrong. A done action is then alerted to the subscribed channels.
 */
export async function performLifecycle(
  deps: SlackDeps,
  request: LifecycleRequest,
  surface: LifecycleSurface,
): Promise<void> {
  const { messages } = deps;
  const { action, experimentId } = request;
  let outcomeKind = 'crashed';
  try {
    const outcome = await runLifecycleAction(
      { connections: deps.connections, knowledge: deps.knowledge, logger: deps.logger },
      request,
    );
    outcomeKind = outcome.kind;
    switch (outcome.kind) {
      case 'done': {
        const reason = request.stop?.interruptReason ?? undefined;
        const comment = request.stop?.interruptReasonComment ?? undefined;
        const line = doneLine({ action, experimentId, userId: request.actorId, reason, comment, messages });
        try {
          await publishEvent(deps, surface, { workspace: request.workspace, line, view: outcome.view });
          await remindOfExpiry(deps, outcome.scope, outcome.tokenExpiresAt, surface);
        } finally {
          // The action happened whatever became of the replies: subscribers hear of it regardless.
          await notifySubscribers(
            deps,
            request.workspace,
            { client: surface.client, channelId: surface.channelId },
            { action, experimentId, actorId: request.actorId, reason, comment },
            outcome.view,
          );
        }
        return;
      }
      case 'conflict':
        // Everyone in the channel sees why the action was refused, not only the person who asked.
        await publishEvent(deps, surface, {
          workspace: request.workspace,
          line: conflictLine({
            action,
            experimentId,
            currentStatus: outcome.error.currentStatus,
            userId: request.actorId,
            messages,
          }),
          view: outcome.view,
        });
        return;
      case 'stale': {
        // Nothing was sent: show the state as known now, where the click happened.
        const card = experimentCard({
          view: outcome.view,
          note: messages.experimentCard.stale({ experimentId, status: statusOf(outcome.view) }),
          link: deps.consoleLinks?.urlOf(experimentId),
          messages,
        });
        if (surface.refreshOrigin) await surface.refreshOrigin(card);
        else await surface.tell(card);
        return;
      }
      case 'not-connected':
        await surface.tell(notConnectedMessage({ messages }));
        return;
      case 'connection-invalid':
        await surface.tell(textMessage(messages.errors.invalidToken));
        return;
      case 'failed':
        await surface.tell(platformErrorMessage(outcome.error, { action, experimentId, messages }));
        return;
    }
  } catch (error) {
    deps.logger.error('lifecycle flow failed', { error, action, experimentId });
    await surface.tell(platformErrorMessage(error, { action, experimentId, messages }));
  } finally {
    deps.metrics.inc('exp_lifecycle_total', { action, outcome: outcomeKind });
  }
}

function statusOf(view: ExperimentView): SafeText | undefined {
  return view.record.status ? safe(view.record.status.value, STATUS_DISPLAY_MAX) : undefined;
}

/**
 * The token's expiry is mandatory and nothing else warns people before lifecycle actions start
 * failing: once a day per workspace, the person who acted hears that the token runs out soon.
 */
async function remindOfExpiry(
  deps: SlackDeps,
  scope: string,
  expiresAt: Date | undefined,
  surface: LifecycleSurface,
): Promise<void> {
  const now = deps.now();
  const expiry = expiryOf(expiresAt, now);
  if (expiry.kind !== 'valid' || !expiry.soon) return;
  const day = now.toISOString().slice(0, 10);
  if (!(await deps.locks.claim(`expiry-reminder:${scope}:${day}`, 24 * 60 * 60 * 1000))) return;
  await surface.tell(textMessage(deps.messages.connection.expiringSoon({ days: expiry.days })));
}
