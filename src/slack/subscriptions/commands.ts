import type { AlertFilter, Subscription, UnsubscribeResult } from '../../lifecycle/subscriptions.js';
import { workspaceKey } from '../../lifecycle/workspace.js';
import { isSlackChannelId } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import { parseAlertActions } from './parse-alert-actions.js';
import {
  cannotPostMessage,
  narrowedNote,
  subscribedNote,
  subscriptionListMessage,
  unchangedMessage,
  unknownActionsMessage,
  unsubscribedNote,
} from './replies.js';
import { errorCodeOf } from './send-alerts.js';

// Who may change a channel's subscription: anyone who can run the command in it, as with GitHub's
// `/github subscribe`. Slack only sends a channel's slash commands from its members, the change is
// announced in the channel with the person's name, and alerts carry no secrets and reach no one
// outside the workspace, so an admin gate would add friction without protecting anything.

/** Slack's answers to the subscribe note that mean alerts could not be posted there either. */
const CANNOT_POST = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action']);

/**
 * `/exp subscribe [ACTIONS…]`: stores the channel's filter, then announces it in the channel with
 * chat.postMessage, the very call alerts use. When Slack refuses it (a private channel without the
 * app), the previous state is put back and the person is told how to fix it.
 */
export async function runSubscribe(ctx: CommandContext, args: readonly string[]): Promise<void> {
  const { deps, command } = ctx;
  const { messages } = deps;
  const parsed = parseAlertActions(args);
  if (!parsed.ok) return ctx.ack(unknownActionsMessage({ unknown: parsed.unknown, messages }));
  if (!isSlackChannelId(command.channel_id)) return ctx.ack(textMessage(messages.subscriptions.channelsOnly));
  await ctx.ack();
  const scope = deps.scopeOf(ctx.workspace);
  const channelId = command.channel_id;
  const filter: AlertFilter = parsed.actions ?? 'all';
  let previous: Subscription | undefined;
  const audit = (outcome: string) =>
    deps.audit.record(workspaceKey(ctx.workspace), {
      userId: command.user_id,
      action: 'subscribe',
      channelId,
      decision: 'allowed',
      outcome,
      detail: `alerts: ${filter === 'all' ? 'all' : filter.join(',')}`,
    });
  try {
    ({ previous } = await deps.subscriptions.subscribe(scope, channelId, filter, { by: command.user_id }));
  } catch (error) {
    deps.logger.error('could not store a subscription', { scope, channelId, error: errorCodeOf(error) });
    await audit('failed:store');
    return ctx.replier.ephemeral(textMessage(messages.subscriptions.saveFailed));
  }
  const note = subscribedNote({ userId: command.user_id, filter, messages });
  try {
    await ctx.client.chat.postMessage({ channel: channelId, text: note.text, blocks: note.blocks });
    await audit('done');
  } catch (error) {
    const code = errorCodeOf(error);
    await audit(CANNOT_POST.has(code) ? `undone:${code}` : 'done');
    if (!CANNOT_POST.has(code)) {
      // A transient failure (rate limit, network): the subscription stands, the note goes another way.
      deps.logger.warn('subscribe note not posted; replying through response_url', {
        channelId,
        error: code,
      });
      return ctx.replier.inChannel(note);
    }
    deps.logger.info('subscription refused: the app cannot post in the channel', { channelId, error: code });
    try {
      if (previous)
        await deps.subscriptions.subscribe(scope, channelId, previous.actions, { by: previous.updatedBy });
      else await deps.subscriptions.unsubscribe(scope, channelId);
    } catch (undoError) {
      deps.logger.error('could not undo a subscription', { scope, channelId, error: errorCodeOf(undoError) });
    }
    await ctx.replier.ephemeral(cannotPostMessage({ error: code, messages }));
  }
}

/** `/exp unsubscribe [ACTIONS…]`: the whole channel, or only some actions; announced in the channel. */
export async function runUnsubscribe(ctx: CommandContext, args: readonly string[]): Promise<void> {
  const { deps, command } = ctx;
  const { messages } = deps;
  const parsed = parseAlertActions(args);
  if (!parsed.ok) return ctx.ack(unknownActionsMessage({ unknown: parsed.unknown, messages }));
  await ctx.ack();
  const scope = deps.scopeOf(ctx.workspace);
  const actions = parsed.actions === 'all' ? undefined : parsed.actions;
  let result: UnsubscribeResult;
  try {
    result = await deps.subscriptions.unsubscribe(scope, command.channel_id, actions);
  } catch (error) {
    deps.logger.error('could not remove a subscription', {
      scope,
      channelId: command.channel_id,
      error: errorCodeOf(error),
    });
    return ctx.replier.ephemeral(textMessage(messages.subscriptions.saveFailed));
  }
  await deps.audit.record(workspaceKey(ctx.workspace), {
    userId: command.user_id,
    action: 'unsubscribe',
    channelId: command.channel_id,
    decision: 'allowed',
    outcome: result.kind,
    ...(actions ? { detail: `alerts: ${actions.join(',')}` } : {}),
  });
  switch (result.kind) {
    case 'removed':
      return ctx.replier.inChannel(unsubscribedNote({ userId: command.user_id, messages }));
    case 'narrowed':
      return ctx.replier.inChannel(
        narrowedNote({
          userId: command.user_id,
          removed: result.removed,
          remaining: result.subscription.actions,
          messages,
        }),
      );
    case 'unchanged':
      return ctx.replier.ephemeral(
        unchangedMessage({ named: actions ?? [], current: result.subscription.actions, messages }),
      );
    case 'not-subscribed':
      return ctx.replier.ephemeral(textMessage(messages.subscriptions.notSubscribed));
  }
}

/** `/exp subscriptions`: the workspace's subscribed channels and their filters, to the asker only. */
export async function showSubscriptions(ctx: CommandContext): Promise<void> {
  const { deps, command } = ctx;
  await ctx.ack();
  const scope = deps.scopeOf(ctx.workspace);
  try {
    const subscriptions = await deps.subscriptions.list(scope);
    await ctx.replier.ephemeral(
      subscriptionListMessage({
        subscriptions,
        currentChannelId: command.channel_id,
        messages: deps.messages,
      }),
    );
  } catch (error) {
    deps.logger.error('could not list subscriptions', { scope, error: errorCodeOf(error) });
    await ctx.replier.ephemeral(textMessage(deps.messages.subscriptions.saveFailed));
  }
}
