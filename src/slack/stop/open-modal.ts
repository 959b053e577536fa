import { modalOpenFailedMessage } from '../blocks/notice-modal.js';
import type { CommandContext } from '../command/command-context.js';
import { stopModal } from './stop-modal.js';

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
