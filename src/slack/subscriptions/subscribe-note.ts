import type { Subscription } from '../../core/subscriptions.js';
import type { SlackMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import type { ExperimentNames } from '../experiment/names.js';
import { workspaceMessages } from '../locale/scope.js';
import { errorCodeOf } from './alert-outcomes.js';
import { cannotPostMessage, subscribedNote } from './replies.js';
import type { Target } from './target-channel.js';

// The subscribe note goes to the channel with chat.postMessage, the very call alerts use: Slack's
// answer to it tells whether alerts can be posted there at all.

/** Slack's answers to the subscribe note that mean alerts could not be posted there either. */
const CANNOT_POST = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action']);

type NoteDeps = Pick<SlackDeps, 'audit' | 'logger' | 'locale' | 'messages' | 'subscriptions'>;
type NoteContext = CommandContext<NoteDeps>;

export type Stored = Awaited<ReturnType<SlackDeps['subscriptions']['subscribe']>>;

/** Records the subscribe's outcome in the audit trail. */
export type AuditOutcome = (outcome: string) => Promise<unknown>;

interface Announcement {
  scope: string;
  target: Target;
  stored: Stored;
  audit: AuditOutcome;
  /** The subscribed experiment's name, when the app knows it. */
  names: ExperimentNames;
}

/**
 * Posts the note in the channel, in the workspace's language whoever subscribed it; false when it
 * could not be, the person then told another way.
 */
export async function announceSubscribed(ctx: NoteContext, input: Announcement): Promise<boolean> {
  const note = subscribedNote({
    userId: ctx.command.user_id,
    subscription: input.stored.subscription,
    changed: input.stored.previous !== undefined,
    messages: workspaceMessages(ctx.deps),
    names: input.names,
  });
  try {
    await ctx.client.chat.postMessage({
      channel: input.target.channelId,
      text: note.text,
      blocks: note.blocks,
    });
    await input.audit('done');
    return true;
  } catch (error) {
    await noteNotPosted(ctx, input, note, errorCodeOf(error));
    return false;
  }
}

/**
 * A transient failure (rate limit, network): the subscription stands, the note goes another way.
 * Slack refusing the channel: alerts could not be posted there either, so the subscription is undone.
 */
async function noteNotPosted(
  ctx: NoteContext,
  input: Announcement,
  note: SlackMessage,
  code: string,
): Promise<void> {
  const { deps } = ctx;
  const { channelId } = input.target;
  await input.audit(CANNOT_POST.has(code) ? `undone:${code}` : 'done');
  if (!CANNOT_POST.has(code)) {
    deps.logger.warn('subscribe note not posted; replying through response_url', { channelId, error: code });
    return input.target.elsewhere ? ctx.replier.ephemeral(note) : ctx.replier.inChannel(note);
  }
  deps.logger.info('subscription refused: the app cannot post in the channel', { channelId, error: code });
  await undoSubscribe(ctx, input.scope, channelId, input.stored.subscription, input.stored.previous);
  return ctx.replier.ephemeral(cannotPostMessage({ error: code, channelId, messages: deps.messages }));
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
