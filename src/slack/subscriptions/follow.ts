import { SUBSCRIPTIONS_PER_CHANNEL, SubscriptionLimitError } from '../../core/subscriptions.js';
import { workspaceKey } from '../../core/workspace.js';
import type { SafeText } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { experimentNames } from '../experiment/names.js';
import { BLOCKS } from '../ids.js';
import { experimentRef } from '../labels/label.js';
import { errorCodeOf } from './alert-outcomes.js';

type RunFollowDeps = Pick<
  SlackDeps,
  'audit' | 'knowledge' | 'logger' | 'messages' | 'scopeOf' | 'subscriptions'
>;

// A follow is a subscription whose "channel" is the person's user id: chat.postMessage to a user id
// posts in their direct messages with the app, so the queue, its pacing and its threads serve DMs
// as they serve channels. Only the person sees or changes their own follows. Replies name each
// experiment as the app recorded it (read after the ack: a record read is cheap there).

type NamesDeps = Pick<SlackDeps, 'knowledge' | 'logger'>;

/** The experiments as people name them: name first where recorded, else the id alone. */
async function experimentRefs(deps: NamesDeps, scope: string, ids: readonly number[]): Promise<SafeText[]> {
  const names = await experimentNames(deps, scope, ids);
  return ids.map((id) => experimentRef(id, names.get(id)));
}

async function experimentRefOf(deps: NamesDeps, scope: string, id: number): Promise<SafeText> {
  return experimentRef(id, (await experimentNames(deps, scope, [id])).get(id));
}

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
      if (ids.length === 0) return ctx.replier.ephemeral(textMessage(messages.subscriptions.followingNone));
      const experiments = await experimentRefs(deps, scope, ids);
      return ctx.replier.ephemeral(textMessage(messages.subscriptions.following({ experiments })));
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
    const experiment = await experimentRefOf(deps, scope, experimentId);
    await ctx.replier.ephemeral(
      textMessage(
        messages.subscriptions.followed({
          experimentId,
          experiment,
          already: previous !== undefined,
        }),
      ),
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

type RunUnfollowDeps = Pick<SlackDeps, 'knowledge' | 'logger' | 'messages' | 'scopeOf' | 'subscriptions'>;

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
    const experiment = await experimentRefOf(deps, scope, experimentId);
    await ctx.replier.ephemeral(
      textMessage(
        result.kind === 'removed'
          ? messages.subscriptions.unfollowed({ experiment })
          : messages.subscriptions.notFollowing({ experiment }),
      ),
    );
  } catch (error) {
    deps.logger.error('could not change a follow', { scope, error: errorCodeOf(error) });
    await ctx.replier.ephemeral(textMessage(messages.subscriptions.saveFailed, BLOCKS.errorText));
  }
}
