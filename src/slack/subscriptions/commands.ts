import { ExperimentType } from '../../console/schemas.js';
import type { AlertSelector } from '../../core/subscription-selector.js';
import {
  SUBSCRIPTIONS_PER_CHANNEL,
  type Subscription,
  SubscriptionLimitError,
  type UnsubscribeResult,
} from '../../core/subscriptions.js';
import { workspaceKey } from '../../core/workspace.js';
import { channelMention, isSlackChannelId } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { COMMAND_READ_BUDGET_MS } from '../dictionaries/command.js';
import { BLOCKS } from '../ids.js';
import { workspaceMessages } from '../locale/scope.js';
import { errorCodeOf } from './alert-outcomes.js';
import { parseSubscriptionArgs, type SubscriptionArgs } from './parse-subscription-args.js';
import {
  argsProblemMessage,
  cannotPostMessage,
  describeSubscription,
  narrowedNote,
  noSuchSubscriptionMessage,
  subscribedNote,
  subscriptionListMessage,
  unchangedMessage,
  unknownTeamMessage,
  unknownTypeMessage,
  unsubscribedNote,
} from './replies.js';
import { resolveTeam } from './resolve-team.js';

// Who may change a channel's subscriptions: anyone the workspace's policy lets `subscribe` (by
// default every member, as with GitHub's `/github subscribe`). Each change is announced in the
// channel it affects with the person's name, and alerts carry no secrets and reach no one outside
// the workspace.

/** Slack's answers to the subscribe note that mean alerts could not be posted there either. */
const CANNOT_POST = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action']);

/** The experiment type as the interface spells it, or undefined when it names none. */
function knownType(typed: string): string | undefined {
  return ExperimentType.options.find((t) => t === typed.toLowerCase());
}

interface Target {
  channelId: string;
  /** The person typed in another channel: the change is confirmed to them there. */
  elsewhere: boolean;
}

function targetOf(ctx: CommandContext<unknown>, args: SubscriptionArgs): Target | undefined {
  const channelId = args.channelId ?? ctx.command.channel_id;
  if (!isSlackChannelId(channelId) || channelId.startsWith('D')) return undefined;
  return { channelId, elsewhere: channelId !== ctx.command.channel_id };
}

type RunSubscribeDeps = Pick<
  SlackDeps,
  'audit' | 'connections' | 'dictionaries' | 'logger' | 'locale' | 'messages' | 'scopeOf' | 'subscriptions'
>;

/**
 * `/exp subscribe [#channel] [team:…] [type:…] [experiment:…] [events:…]`: stores the subscription,
 * then announces it in the channel with chat.postMessage, the very call alerts use. When Slack
 * refuses it (a private channel without the app), the previous state is put back and the person
 * is told how to fix it.
 */
export async function runSubscribe(
  ctx: CommandContext<RunSubscribeDeps>,
  words: readonly string[],
): Promise<void> {
  const { deps, command } = ctx;
  const { messages } = deps;
  const parsed = parseSubscriptionArgs(words);
  if (!parsed.ok) return ctx.ack(argsProblemMessage(parsed.problem, messages));
  const args = parsed.args;
  const target = targetOf(ctx, args);
  if (!target) return ctx.ack(textMessage(messages.subscriptions.channelsOnly));
  if (args.ops && (args.team ?? args.type ?? args.experimentId ?? args.actions) !== undefined)
    return ctx.ack(textMessage(messages.subscriptions.opsAlone, BLOCKS.errorText));
  const type = args.type === undefined ? undefined : knownType(args.type);
  if (args.type !== undefined && type === undefined) return ctx.ack(unknownTypeMessage(args.type, messages));
  await ctx.ack();
  const { channelId } = target;
  let team: AlertSelector['team'];
  if (args.team !== undefined) {
    const check = await resolveTeam(
      deps,
      ctx.workspace,
      args.team,
      command.channel_id,
      COMMAND_READ_BUDGET_MS,
    );
    if (check.kind === 'unavailable')
      return ctx.replier.ephemeral(textMessage(messages.subscriptions.teamsUnavailable, BLOCKS.errorText));
    if (check.kind === 'unknown')
      return ctx.replier.ephemeral(unknownTeamMessage(args.team, check.suggestion, messages));
    team = check.team;
  }
  const selector: AlertSelector = args.ops ? { ops: true } : { team, type, experimentId: args.experimentId };
  const actions = args.actions ?? 'all';
  const scope = deps.scopeOf(ctx.workspace);
  const what = describeSubscription({ selector, actions }, messages);
  const audit = (outcome: string) =>
    deps.audit.record(workspaceKey(ctx.workspace), {
      userId: command.user_id,
      action: 'subscribe',
      channelId,
      decision: 'allowed',
      outcome,
      detail: what.slice(0, 300),
    });
  let stored: Awaited<ReturnType<typeof deps.subscriptions.subscribe>>;
  try {
    stored = await deps.subscriptions.subscribe(
      scope,
      channelId,
      { selector, actions },
      { by: command.user_id },
    );
  } catch (error) {
    if (error instanceof SubscriptionLimitError) {
      return ctx.replier.ephemeral(
        textMessage(
          messages.subscriptions.limitReached({ max: SUBSCRIPTIONS_PER_CHANNEL }),
          BLOCKS.errorText,
        ),
      );
    }
    deps.logger.error('could not store a subscription', { scope, channelId, error: errorCodeOf(error) });
    await audit('failed:store');
    return ctx.replier.ephemeral(textMessage(messages.subscriptions.saveFailed, BLOCKS.errorText));
  }
  // Posted in the channel: in the workspace's language, whoever subscribed it.
  const changed = stored.previous !== undefined;
  const note = subscribedNote({
    userId: command.user_id,
    subscription: stored.subscription,
    changed,
    messages: workspaceMessages(deps),
  });
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
      return target.elsewhere ? ctx.replier.ephemeral(note) : ctx.replier.inChannel(note);
    }
    deps.logger.info('subscription refused: the app cannot post in the channel', { channelId, error: code });
    await undoSubscribe(ctx, scope, channelId, stored.subscription, stored.previous);
    return ctx.replier.ephemeral(cannotPostMessage({ error: code, channelId, messages }));
  }
  if (target.elsewhere) {
    await ctx.replier.ephemeral(
      textMessage(messages.subscriptions.subscribedThere({ channel: channelMention(channelId), what })),
    );
  }
}

async function undoSubscribe(
  ctx: CommandContext<Pick<SlackDeps, 'logger' | 'subscriptions'>>,
  scope: string,
  channelId: string,
  added: Subscription,
  previous: Subscription | undefined,
): Promise<void> {
  const { deps } = ctx;
  try {
    if (previous)
      await deps.subscriptions.subscribe(
        scope,
        channelId,
        { selector: previous.selector, actions: previous.actions },
        { by: previous.updatedBy },
      );
    else await deps.subscriptions.remove(scope, channelId, added.id);
  } catch (undoError) {
    deps.logger.error('could not undo a subscription', { scope, channelId, error: errorCodeOf(undoError) });
  }
}

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
  'audit' | 'logger' | 'locale' | 'messages' | 'scopeOf' | 'subscriptions'
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
  const actions = args.actions === 'all' || args.actions === undefined ? undefined : args.actions;
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
  let note: SlackMessage;
  switch (result.kind) {
    case 'removed':
      note = unsubscribedNote({
        userId: command.user_id,
        removed: result.removed,
        messages: workspaceMessages(deps),
      });
      break;
    case 'narrowed': {
      const remaining = await deps.subscriptions.listChannel(scope, channelId).catch(() => result.changed);
      note = narrowedNote({
        userId: command.user_id,
        removed: result.removed,
        remaining,
        messages: workspaceMessages(deps),
      });
      break;
    }
    case 'unchanged':
      return ctx.replier.ephemeral(
        unchangedMessage({ named: actions ?? [], current: result.current, messages }),
      );
    case 'not-subscribed':
      return ctx.replier.ephemeral(textMessage(messages.subscriptions.notSubscribed));
  }
  await announce(ctx, channelId, target.elsewhere, note);
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

type ShowSubscriptionsDeps = Pick<SlackDeps, 'logger' | 'messages' | 'scopeOf' | 'subscriptions'>;

/** `/exp subscriptions`: the workspace's subscriptions with a Remove button each, to the asker only. */
export async function showSubscriptions(ctx: CommandContext<ShowSubscriptionsDeps>): Promise<void> {
  const { deps, command } = ctx;
  await ctx.ack();
  const scope = deps.scopeOf(ctx.workspace);
  try {
    const subscriptions = await deps.subscriptions.list(scope);
    await ctx.replier.ephemeral(
      subscriptionListMessage({
        subscriptions,
        currentChannelId: command.channel_id,
        viewerId: command.user_id,
        messages: deps.messages,
      }),
    );
  } catch (error) {
    deps.logger.error('could not list subscriptions', { scope, error: errorCodeOf(error) });
    await ctx.replier.ephemeral(textMessage(deps.messages.subscriptions.saveFailed, BLOCKS.errorText));
  }
}
