import { ExperimentType } from '../../core/experiment-schemas.js';
import type { AlertSelector } from '../../core/subscription-selector.js';
import {
  type AlertFilter,
  SUBSCRIPTIONS_PER_CHANNEL,
  SubscriptionLimitError,
} from '../../core/subscriptions.js';
import { workspaceKey } from '../../core/workspace.js';
import { channelMention } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { COMMAND_READ_BUDGET_MS } from '../dictionaries/command.js';
import { setLongMark, setQuietHours, setWindow } from '../digest/quiet-command.js';
import { experimentNames } from '../experiment/names.js';
import { BLOCKS } from '../ids.js';
import { errorCodeOf } from './alert-outcomes.js';
import { parseSubscriptionArgs, type SubscriptionArgs } from './parse-subscription-args.js';
import {
  argsProblemMessage,
  describeSubscription,
  subscriptionAuditDetail,
  unknownTeamMessage,
  unknownTypeMessage,
} from './replies.js';
import { resolveTeam } from './resolve-team.js';
import { type AuditOutcome, announceSubscribed, type Stored } from './subscribe-note.js';
import { type Target, targetOf } from './target-channel.js';

// Who may change a channel's subscriptions: anyone the workspace's policy lets `subscribe` (by
// default every member, as with GitHub's `/github subscribe`). Each change is announced in the
// channel it affects with the person's name, and alerts carry no secrets and reach no one outside
// the workspace.

type RunSubscribeDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'audit'
  | 'channelAlerts'
  | 'connections'
  | 'dictionaries'
  | 'knowledge'
  | 'logger'
  | 'locale'
  | 'messages'
  | 'scopeOf'
  | 'subscriptions'
>;
type SubscribeContext = CommandContext<RunSubscribeDeps>;

/** What was typed, once it is known to make a subscription. */
interface SubscribeRequest {
  args: SubscriptionArgs;
  target: Target;
  /** The experiment type as the interface spells it. */
  type: string | undefined;
}

interface NewSubscription {
  selector: AlertSelector;
  actions: AlertFilter;
}

/**
 * `/exp subscribe [#channel] [team:…] [type:…] [experiment:…] [events:…]`: stores the subscription,
 * then announces it in the channel with chat.postMessage, the very call alerts use. When Slack
 * refuses it (a private channel without the app), the previous state is put back and the person
 * is told how to fix it.
 */
export async function runSubscribe(ctx: SubscribeContext, words: readonly string[]): Promise<void> {
  const request = await acknowledge(ctx, words);
  if (!request) return;
  const { args, target, type } = request;
  if (args.quiet !== undefined) {
    const input = { channelId: target.channelId, value: args.quiet, timeZone: args.timeZone };
    if (!(await setQuietHours(ctx, input))) return;
  }
  if (args.long !== undefined && !(await setLongMark(ctx, { channelId: target.channelId, value: args.long })))
    return;
  if (
    args.window !== undefined &&
    !(await setWindow(ctx, { channelId: target.channelId, value: args.window }))
  )
    return;
  if ((args.quiet ?? args.long ?? args.window) !== undefined && rhythmAlone(args)) return;
  const team = await teamFilter(ctx, args.team);
  if (!team) return;
  const subscription: NewSubscription = {
    selector: args.ops ? { ops: true } : { team: team.team, type, experimentId: args.experimentId },
    actions: args.actions ?? 'recommended',
  };
  const scope = ctx.deps.scopeOf(ctx.workspace);
  const names = await experimentNames(ctx.deps, scope, [args.experimentId]);
  const what = describeSubscription(subscription, ctx.deps.messages, names);
  const audit = auditSubscribe(ctx, target.channelId, subscriptionAuditDetail(subscription));
  const stored = await store(ctx, { scope, channelId: target.channelId, subscription, audit });
  if (!stored) return;
  const posted = await announceSubscribed(ctx, { scope, target, stored, audit, names });
  if (posted && target.elsewhere) {
    const channel = channelMention(target.channelId);
    await ctx.replier.ephemeral(
      textMessage(ctx.deps.messages.subscriptions.subscribedThere({ channel, what })),
    );
  }
}

/** Only quiet hours or a running-long mark were typed: no subscription is made or changed. */
const rhythmAlone = (args: SubscriptionArgs): boolean =>
  (args.team ?? args.type ?? args.experimentId ?? args.actions) === undefined && !args.ops;

/** Acks the command: with the reason when what was typed cannot be a subscription, else with nothing. */
async function acknowledge(
  ctx: SubscribeContext,
  words: readonly string[],
): Promise<SubscribeRequest | undefined> {
  const { messages } = ctx.deps;
  const parsed = parseSubscriptionArgs(words);
  if (!parsed.ok) return refused(ctx, argsProblemMessage(parsed.problem, messages));
  const args = parsed.args;
  const target = targetOf(ctx, args);
  if (!target) return refused(ctx, textMessage(messages.subscriptions.channelsOnly));
  if (args.ops && (args.team ?? args.type ?? args.experimentId ?? args.actions) !== undefined)
    return refused(ctx, textMessage(messages.subscriptions.opsAlone, BLOCKS.errorText));
  const type = args.type === undefined ? undefined : knownType(args.type);
  if (args.type !== undefined && type === undefined)
    return refused(ctx, unknownTypeMessage(args.type, messages));
  await ctx.ack();
  return { args, target, type };
}

async function refused(ctx: SubscribeContext, answer: SlackMessage): Promise<undefined> {
  await ctx.ack(answer);
  return undefined;
}

/** The experiment type as the interface spells it, or undefined when it names none. */
function knownType(typed: string): string | undefined {
  return ExperimentType.options.find((t) => t === typed.toLowerCase());
}

/**
 * The team filter as the platform's dictionary names it (none when none was typed); undefined once
 * the person was told the team could not be checked or is not one.
 */
async function teamFilter(
  ctx: SubscribeContext,
  typed: string | undefined,
): Promise<{ team: AlertSelector['team'] } | undefined> {
  const { deps, command } = ctx;
  if (typed === undefined) return { team: undefined };
  const check = await resolveTeam(deps, ctx.workspace, typed, command.channel_id, COMMAND_READ_BUDGET_MS);
  if (check.kind === 'unavailable') {
    await ctx.replier.ephemeral(textMessage(deps.messages.subscriptions.teamsUnavailable, BLOCKS.errorText));
    return undefined;
  }
  if (check.kind === 'unknown') {
    await ctx.replier.ephemeral(unknownTeamMessage(typed, check.suggestion, deps.messages));
    return undefined;
  }
  return { team: check.team };
}

function auditSubscribe(ctx: SubscribeContext, channelId: string, detail: string): AuditOutcome {
  return (outcome) =>
    ctx.deps.audit.record(workspaceKey(ctx.workspace), {
      userId: ctx.command.user_id,
      action: 'subscribe',
      channelId,
      decision: 'allowed',
      outcome,
      detail,
    });
}

/** Stores the subscription; undefined once the person was told why it could not be. */
async function store(
  ctx: SubscribeContext,
  input: { scope: string; channelId: string; subscription: NewSubscription; audit: AuditOutcome },
): Promise<Stored | undefined> {
  const { deps, command } = ctx;
  const { scope, channelId } = input;
  try {
    return await deps.subscriptions.subscribe(scope, channelId, input.subscription, { by: command.user_id });
  } catch (error) {
    if (error instanceof SubscriptionLimitError) {
      const limit = deps.messages.subscriptions.limitReached({ max: SUBSCRIPTIONS_PER_CHANNEL });
      await ctx.replier.ephemeral(textMessage(limit, BLOCKS.errorText));
      return undefined;
    }
    deps.logger.error('could not store a subscription', { scope, channelId, error: errorCodeOf(error) });
    await input.audit('failed:store');
    await ctx.replier.ephemeral(textMessage(deps.messages.subscriptions.saveFailed, BLOCKS.errorText));
    return undefined;
  }
}
