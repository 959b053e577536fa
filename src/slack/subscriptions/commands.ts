import type { AlertSelector } from '../../core/subscription-selector.js';
import {
  type AlertAction,
  actionsOf,
  type Subscription,
  type UnsubscribeResult,
} from '../../core/subscriptions.js';
import { workspaceKey } from '../../core/workspace.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { channelNotes } from '../digest/channel-notes.js';
import { experimentNames } from '../experiment/names.js';
import { BLOCKS } from '../ids.js';
import { workspaceMessages } from '../locale/scope.js';
import { errorCodeOf } from './alert-outcomes.js';
import { parseSubscriptionArgs, type SubscriptionArgs } from './parse-subscription-args.js';
import {
  argsProblemMessage,
  narrowedNote,
  noSuchSubscriptionMessage,
  subscribedExperiments,
  subscriptionListMessage,
  unchangedMessage,
  unsubscribedNote,
} from './replies.js';
import { targetOf } from './target-channel.js';

// `/exp unsubscribe` and `/exp subscriptions`. Who may change a channel's subscriptions, and how a
// change is announced: subscribe.ts.

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The channel's subscription whose selector is the one typed (team by value or label, in any case). */
function findTyped(subscriptions: readonly Subscription[], args: SubscriptionArgs): Subscription | undefined {
  return subscriptions.find((s) => {
    const t = s.selector.team;
    const teamOk =
      args.team === undefined
        ? t === undefined
        : t !== undefined && (same(t.value, args.team) || same(t.label, args.team));
    const typeOk =
      args.type === undefined
        ? s.selector.type === undefined
        : s.selector.type !== undefined && same(s.selector.type, args.type);
    return (
      teamOk &&
      typeOk &&
      s.selector.experimentId === args.experimentId &&
      (s.selector.ops === true) === args.ops
    );
  });
}

type RunUnsubscribeDeps = Pick<
  SlackDeps,
  'audit' | 'knowledge' | 'logger' | 'locale' | 'messages' | 'scopeOf' | 'subscriptions'
>;

/**
 * `/exp unsubscribe [#channel] [filters…] [events:…]`: alone, every subscription of the channel;
 * with team/type/experiment, the subscription with that filter; with events, only those events.
 */
export async function runUnsubscribe(
  ctx: CommandContext<RunUnsubscribeDeps>,
  words: readonly string[],
): Promise<void> {
  const { deps, command } = ctx;
  const { messages } = deps;
  const parsed = parseSubscriptionArgs(words);
  if (!parsed.ok) return ctx.ack(argsProblemMessage(parsed.problem, messages));
  const args = parsed.args;
  const target = targetOf(ctx, args);
  if (!target) return ctx.ack(textMessage(messages.subscriptions.notSubscribed));
  await ctx.ack();
  const { channelId } = target;
  const scope = deps.scopeOf(ctx.workspace);
  // `events:recommended` in an unsubscribe names those actions.
  const actions = args.actions === 'all' || args.actions === undefined ? undefined : actionsOf(args.actions);
  const named =
    args.team !== undefined || args.type !== undefined || args.experimentId !== undefined || args.ops;
  let result: UnsubscribeResult;
  try {
    let selector: AlertSelector | undefined;
    if (named) {
      const current = await deps.subscriptions.listChannel(scope, channelId);
      const found = findTyped(current, args);
      if (!found) {
        const typed: AlertSelector = {
          team: args.team === undefined ? undefined : { value: args.team, label: args.team },
          type: args.type,
          experimentId: args.experimentId,
        };
        return ctx.replier.ephemeral(
          noSuchSubscriptionMessage({ selector: typed, others: current, messages }),
        );
      }
      selector = found.selector;
    }
    result = await deps.subscriptions.unsubscribe(scope, channelId, { selector, actions });
  } catch (error) {
    deps.logger.error('could not remove a subscription', { scope, channelId, error: errorCodeOf(error) });
    return ctx.replier.ephemeral(textMessage(messages.subscriptions.saveFailed, BLOCKS.errorText));
  }
  await deps.audit.record(workspaceKey(ctx.workspace), {
    userId: command.user_id,
    action: 'unsubscribe',
    channelId,
    decision: 'allowed',
    outcome: result.kind,
    ...(actions ? { detail: `alerts: ${actions.join(',')}` } : {}),
  });
  const note = await unsubscribeAnswer(ctx, { scope, channelId, result, actions });
  if (note.ephemeral) return ctx.replier.ephemeral(note.message);
  await announce(ctx, channelId, target.elsewhere, note.message);
}

/**
 * What an unsubscribe says: a change, in the channel (the workspace's language); nothing changed,
 * to the person alone. Experiments named where the app knows their names.
 */
async function unsubscribeAnswer(
  ctx: CommandContext<RunUnsubscribeDeps>,
  input: {
    scope: string;
    channelId: string;
    result: UnsubscribeResult;
    actions: readonly AlertAction[] | undefined;
  },
): Promise<{ message: SlackMessage; ephemeral: boolean }> {
  const { deps, command } = ctx;
  const { scope, result } = input;
  const namesOf = (subscriptions: readonly Subscription[]) =>
    experimentNames(deps, scope, subscribedExperiments(subscriptions));
  switch (result.kind) {
    case 'removed': {
      const names = await namesOf(result.removed);
      const messages = workspaceMessages(deps);
      return {
        message: unsubscribedNote({ userId: command.user_id, removed: result.removed, messages, names }),
        ephemeral: false,
      };
    }
    case 'narrowed': {
      const remaining = await deps.subscriptions
        .listChannel(scope, input.channelId)
        .catch(() => result.changed);
      const message = narrowedNote({
        userId: command.user_id,
        removed: result.removed,
        remaining,
        messages: workspaceMessages(deps),
        names: await namesOf(remaining),
      });
      return { message, ephemeral: false };
    }
    case 'unchanged': {
      const names = await namesOf(result.current);
      const named = input.actions ?? [];
      return {
        message: unchangedMessage({ named, current: result.current, messages: deps.messages, names }),
        ephemeral: true,
      };
    }
    case 'not-subscribed':
      return { message: textMessage(deps.messages.subscriptions.notSubscribed), ephemeral: true };
  }
}

/** The change in the channel it affects; when that is not where the person typed, a word to them too. */
async function announce(
  ctx: CommandContext<Pick<SlackDeps, 'logger'>>,
  channelId: string,
  elsewhere: boolean,
  note: SlackMessage,
) {
  if (!elsewhere) return ctx.replier.inChannel(note);
  try {
    await ctx.client.chat.postMessage({ channel: channelId, text: note.text, blocks: note.blocks });
  } catch (error) {
    ctx.deps.logger.warn('unsubscribe note not posted in the channel', {
      channelId,
      error: errorCodeOf(error),
    });
  }
  return ctx.replier.ephemeral(note);
}

type ShowSubscriptionsDeps = Pick<
  SlackDeps,
  'channelAlerts' | 'knowledge' | 'logger' | 'messages' | 'scopeOf' | 'subscriptions'
>;

/** `/exp subscriptions`: the workspace's subscriptions with a Remove button each, to the asker only. */
export async function showSubscriptions(ctx: CommandContext<ShowSubscriptionsDeps>): Promise<void> {
  const { deps, command } = ctx;
  await ctx.ack();
  const scope = deps.scopeOf(ctx.workspace);
  try {
    const subscriptions = await deps.subscriptions.list(scope);
    const channels = subscriptions.map((s) => s.channelId).filter((id) => !id.startsWith('U'));
    const [notes, names] = await Promise.all([
      channelNotes(deps, scope, channels),
      experimentNames(deps, scope, subscribedExperiments(subscriptions)),
    ]);
    await ctx.replier.ephemeral(
      subscriptionListMessage({
        subscriptions,
        currentChannelId: command.channel_id,
        viewerId: command.user_id,
        messages: deps.messages,
        channelNotes: notes,
        names,
      }),
    );
  } catch (error) {
    deps.logger.error('could not list subscriptions', { scope, error: errorCodeOf(error) });
    await ctx.replier.ephemeral(textMessage(deps.messages.subscriptions.saveFailed, BLOCKS.errorText));
  }
}
