import type { LifecycleAction } from '../../console/errors.js';
import type { ConsoleStopExperimentRequest } from '../../console/schemas.js';
import { workingMessage } from '../blocks/lifecycle-message.js';
import { modalOpenFailedMessage } from '../blocks/notice-modal.js';
import { stopModal } from '../blocks/stop-modal.js';
import { performLifecycle } from '../lifecycle-flow.js';
import type { CommandContext } from './command-context.js';

/** `/exp start|archive|unarchive ID` and `/exp stop ID REASON [comment]`: ack first, then the platform. */
export async function runLifecycleCommand(
  ctx: CommandContext,
  action: LifecycleAction,
  experimentId: number,
  stop?: ConsoleStopExperimentRequest,
): Promise<void> {
  await ctx.ack(workingMessage({ action, experimentId, messages: ctx.deps.messages }));
  await performLifecycle(
    ctx.deps,
    { workspace: ctx.workspace, action, experimentId, stop, actorId: ctx.command.user_id },
    ctx.replier,
    { client: ctx.client, channelId: ctx.command.channel_id },
  );
}

/** `/exp stop ID`: the modal must open within the trigger's 3 s, so nothing slow comes before it. */
export async function openStopModal(ctx: CommandContext, experimentId: number): Promise<void> {
  await ctx.ack();
  try {
    await ctx.client.views.open({
      trigger_id: ctx.command.trigger_id,
      view: stopModal({
        experimentId,
        channelId: ctx.command.channel_id,
        responseUrl: ctx.command.response_url,
        messages: ctx.deps.messages,
      }),
    });
  } catch (error) {
    ctx.deps.logger.warn('views.open failed for the stop modal', { error, experimentId });
    await ctx.replier.ephemeral(modalOpenFailedMessage({ error, messages: ctx.deps.messages }));
  }
}
