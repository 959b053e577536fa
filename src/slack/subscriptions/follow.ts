import { SUBSCRIPTIONS_PER_CHANNEL, SubscriptionLimitError } from '../../core/subscriptions.js';
import { workspaceKey } from '../../core/workspace.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { BLOCKS } from '../ids.js';
import { errorCodeOf } from './alert-outcomes.js';

type RunFollowDeps = Pick<SlackDeps, 'audit' | 'logger' | 'messages' | 'scopeOf' | 'subscriptions'>;

// A follow is a subscription whose "channel" is the person's user id: chat.postMessage to a user id
// posts in their direct messages with the app, so the queue, its pacing and its threads serve DMs
// as they serve channels. Only the person sees or changes their own follows.

/** `/exp follow [ID]`: follow one experiment, or list what the person follows. */
export async function runFollow(
  ctx: CommandContext<RunFollowDeps>,
  experimentId: number | undefined,
): Promise<void> {
  const { deps, command } = ctx;
  const { messages } = deps;
  await ctx.ack();
  const scope = deps.scopeOf(ctx.workspace);
  const userId = command.user_id;
  try {
    if (experimentId === undefined) {
      const mine = await deps.subscriptions.listChannel(scope, userId);
      const ids = mine.flatMap((s) =>
        s.selector.experimentId === undefined ? [] : [s.selector.experimentId],
      );
      return ctx.replier.ephemeral(
        textMessage(
          ids.length === 0 ? messages.subscriptions.followingNone : messages.subscriptions.following({ ids }),
        ),
      );
    }
    const { previous } = await deps.subscriptions.subscribe(
      scope,
      userId,
      { selector: { experimentId }, actions: 'all' },
      { by: userId },
    );
    await deps.audit.record(workspaceKey(ctx.workspace), {
      userId,
      action: 'subscribe',
      experimentId,
      channelId: command.channel_id,
      decision: 'allowed',
      outcome: 'done',
      detail: 'follow (direct messages)',
    });
    await ctx.replier.ephemeral(
      textMessage(messages.subscriptions.followed({ experimentId, already: previous !== undefined })),
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
    deps.logger.error('could not change a follow', { scope, error: errorCodeOf(error) });
    await ctx.replier.ephemeral(textMessage(messages.subscriptions.saveFailed, BLOCKS.errorText));
  }
}

type RunUnfollowDeps = Pick<SlackDeps, 'logger' | 'messages' | 'scopeOf' | 'subscriptions'>;

/** `/exp unfollow ID`. */
export async function runUnfollow(ctx: CommandContext<RunUnfollowDeps>, experimentId: number): Promise<void> {
  const { deps, command } = ctx;
  const { messages } = deps;
  await ctx.ack();
  const scope = deps.scopeOf(ctx.workspace);
  try {
    const result = await deps.subscriptions.unsubscribe(scope, command.user_id, {
      selector: { experimentId },
    });
    await ctx.replier.ephemeral(
      textMessage(
        result.kind === 'removed'
          ? messages.subscriptions.unfollowed({ experimentId })
          : messages.subscriptions.notFollowing({ experimentId }),
      ),
    );
  } catch (error) {
    deps.logger.error('could not change a follow', { scope, error: errorCodeOf(error) });
    await ctx.replier.ephemeral(textMessage(messages.subscriptions.saveFailed, BLOCKS.errorText));
  }
}
