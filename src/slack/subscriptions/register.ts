import type { BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { workspaceKey } from '../../core/workspace.js';
import type { AccessTarget } from '../access/gate.js';
import { actionAccess } from '../access/middleware.js';
import { isSlackUserId, userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import { buttonValueOrTold } from '../button-value.js';
import { experimentNames } from '../experiment/names.js';
import { BLOCKS } from '../ids.js';
import type { SlackListeners } from '../listener-registry.js';
import { workspaceFromBody } from '../workspace.js';
import { errorCodeOf } from './alert-outcomes.js';
import type { SubscriptionsDeps } from './deps.js';
import { decodeRemoveValue, SUBSCRIPTION_ACTIONS } from './ids.js';
import {
  describeSubscription,
  subscribedExperiments,
  subscriptionAuditDetail,
  subscriptionListMessage,
} from './replies.js';

/**
 * A Remove click is checked as `/exp unsubscribe` is: the rule for `subscribe` in the channel it is
 * clicked in, whichever channel the subscription is of (the command is checked where it is typed).
 * Without a channel (a view such as App Home) it is checked as a command in a DM is: a rule
 * restricted to channels refuses it. A follow's Remove is its owner's own business, as `/exp
 * unfollow` is (the handler checks the owner). An unreadable value is left to the handler.
 */
function removeTarget({ action, body }: SlackActionMiddlewareArgs): AccessTarget {
  let target: ReturnType<typeof decodeRemoveValue>;
  try {
    target = decodeRemoveValue((action as { value?: string }).value ?? '');
  } catch {
    return { kind: 'read' };
  }
  if (isSlackUserId(target.channelId)) return { kind: 'self' };
  const clicked = body as { channel?: { id?: string } | null; container?: { channel_id?: string } };
  return {
    kind: 'policy',
    action: 'subscribe',
    channelId: clicked.channel?.id ?? clicked.container?.channel_id,
  };
}

/** `/exp subscribe|unsubscribe|subscriptions` and the list's Remove buttons; alerts: notify-subscribers.ts. */
export function registerSubscriptions(listeners: SlackListeners) {
  listeners.action<BlockButtonAction>(SUBSCRIPTION_ACTIONS.remove, (deps: SubscriptionsDeps) => [
    actionAccess(deps, removeTarget),
    async ({ ack, body, action, client, respond }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'subscription_remove' });
      const { messages } = deps;
      const target = await buttonValueOrTold(messages, respond, decodeRemoveValue, action.value);
      if (target === undefined) return;
      const workspace = workspaceFromBody(body);
      const scope = deps.scopeOf(workspace);
      // A follow is its owner's alone: nobody else's click removes it.
      if (isSlackUserId(target.channelId) && target.channelId !== body.user.id) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...textMessage(messages.input.unreadableButton),
        });
        return;
      }
      let removed: Awaited<ReturnType<typeof deps.subscriptions.remove>>;
      let left: Awaited<ReturnType<typeof deps.subscriptions.list>>;
      try {
        removed = await deps.subscriptions.remove(scope, target.channelId, target.id);
        left = await deps.subscriptions.list(scope);
      } catch (error) {
        deps.logger.error('could not remove a subscription', { scope, error: errorCodeOf(error) });
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...textMessage(messages.subscriptions.saveFailed, BLOCKS.errorText),
        });
        return;
      }
      const currentChannelId = body.channel?.id ?? '';
      const names = await experimentNames(
        deps,
        scope,
        subscribedExperiments([...left, ...(removed ? [removed] : [])]),
      );
      const list = subscriptionListMessage({
        subscriptions: left,
        currentChannelId,
        viewerId: body.user.id,
        messages,
        names,
      });
      if (!removed) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...textMessage(messages.subscriptions.alreadyRemoved),
        });
        await respond({ response_type: 'ephemeral', replace_original: true, ...list });
        return;
      }
      await deps.audit.record(workspaceKey(workspace), {
        userId: body.user.id,
        action: 'unsubscribe',
        channelId: target.channelId,
        decision: 'allowed',
        outcome: 'removed',
        detail: subscriptionAuditDetail(removed),
      });
      const note = textMessage(
        messages.subscriptions.removedNote({
          user: userMention(body.user.id),
          what: describeSubscription(removed, messages, names),
        }),
      );
      // A follow's removal concerns its owner only, who sees the list change.
      if (!isSlackUserId(target.channelId))
        await client.chat
          .postMessage({ channel: target.channelId, text: note.text, blocks: note.blocks })
          .catch((error: unknown) =>
            deps.logger.warn('remove note not posted in the channel', { error: errorCodeOf(error) }),
          );
      await respond({ response_type: 'ephemeral', replace_original: true, ...list });
    },
  ]);
}
