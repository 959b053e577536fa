import type { LifecycleRequest } from '../../lifecycle/run-action.js';
import { runLifecycleAction } from '../../lifecycle/run-action.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import { textMessage } from '../blocks/message.js';
import { expiryOf, notConnectedMessage } from '../connection/replies.js';
import type { SlackDeps } from '../deps.js';
import type { Replier } from '../replies.js';
import { type AlertOrigin, notifySubscribers } from '../subscriptions/notify-subscribers.js';
import { lifecycleSuccessMessage, statusConflictMessage } from './result-messages.js';

/**
 * The one path every lifecycle trigger takes (slash command, button, stop modal): run the action,
 * then tell the channel what happened or the actor what went wrong. A done action is then alerted
 * to the subscribed channels (origin: where it came from, which is not alerted twice).
 */
export async function performLifecycle(
  deps: SlackDeps,
  request: LifecycleRequest,
  replier: Replier,
  origin: AlertOrigin,
): Promise<void> {
  const { messages } = deps;
  const { action, experimentId } = request;
  let outcomeKind = 'crashed';
  try {
    const outcome = await runLifecycleAction({ connections: deps.connections, logger: deps.logger }, request);
    outcomeKind = outcome.kind;
    switch (outcome.kind) {
      case 'done': {
        const reason = request.stop?.interruptReason ?? undefined;
        const comment = request.stop?.interruptReasonComment ?? undefined;
        try {
          await replier.inChannel(
            lifecycleSuccessMessage({
              action,
              experimentId,
              userId: request.actorId,
              reason,
              comment,
              messages,
            }),
          );
          await remindOfExpiry(deps, outcome.scope, outcome.tokenExpiresAt, replier);
        } finally {
          // The action happened whatever became of the replies: subscribers hear of it regardless.
          await notifySubscribers(deps, request.workspace, origin, {
            action,
            experimentId,
            actorId: request.actorId,
            reason,
            comment,
          });
        }
        return;
      }
      case 'conflict':
        // Everyone in the channel sees why the action was refused, not only the person who asked.
        await replier.inChannel(
          statusConflictMessage({
            action,
            experimentId,
            currentStatus: outcome.error.currentStatus,
            userId: request.actorId,
            messages,
          }),
        );
        return;
      case 'not-connected':
        await replier.ephemeral(notConnectedMessage({ messages }));
        return;
      case 'connection-invalid':
        await replier.ephemeral(textMessage(messages.errors.invalidToken));
        return;
      case 'failed':
        await replier.ephemeral(platformErrorMessage(outcome.error, { action, experimentId, messages }));
        return;
    }
  } catch (error) {
    deps.logger.error('lifecycle flow failed', { error, action, experimentId });
    await replier.ephemeral(platformErrorMessage(error, { action, experimentId, messages }));
  } finally {
    deps.metrics.inc('exp_lifecycle_total', { action, outcome: outcomeKind });
  }
}

/**
 * The token's expiry is mandatory and nothing else warns people before lifecycle actions start
 * failing: once a day per workspace, the person who acted hears that the token runs out soon.
 */
async function remindOfExpiry(
  deps: SlackDeps,
  scope: string,
  expiresAt: Date | undefined,
  replier: Replier,
): Promise<void> {
  const now = deps.now();
  const expiry = expiryOf(expiresAt, now);
  if (expiry.kind !== 'valid' || !expiry.soon) return;
  const day = now.toISOString().slice(0, 10);
  if (!(await deps.locks.claim(`expiry-reminder:${scope}:${day}`, 24 * 60 * 60 * 1000))) return;
  await replier.ephemeral(textMessage(deps.messages.connection.expiringSoon({ days: expiry.days })));
}
