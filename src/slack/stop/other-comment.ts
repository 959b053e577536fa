import { otherCommentMissing, type StopReason } from '../../core/stop-reason.js';
import { workspaceKey } from '../../core/workspace.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { BLOCKS } from '../ids.js';

/**
 * `/exp stop ID other` without a comment, where the workspace's policy requires one: answered to the
 * person, nothing sent and no approval asked. The same check as the stop modal's (otherCommentMissing).
 */
export async function refusedForOtherComment(
  ctx: CommandContext<Pick<SlackDeps, 'messages' | 'policies'>>,
  experimentId: number,
  stop: StopReason,
): Promise<boolean> {
  const policy = await ctx.deps.policies.get(workspaceKey(ctx.workspace));
  if (!otherCommentMissing(policy, stop)) return false;
  await ctx.ack(textMessage(ctx.deps.messages.input.commentRequired({ experimentId }), BLOCKS.errorText));
  return true;
}
