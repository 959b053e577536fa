import type { ConsoleStopExperimentRequest } from '../../console/schemas.js';
import type { LifecycleAction } from '../../lifecycle/lifecycle-action.js';
import { requestApproval } from '../approvals/request.js';
import type { CommandContext } from '../command/command-context.js';
import { performLifecycle } from './perform.js';
import { workingMessage } from './result-messages.js';
import { commandSurface } from './surface.js';

/** `/exp start|archive|unarchive ID` and `/exp stop ID REASON [comment]`: ack first, then the platform. */
export async function runLifecycleCommand(
  ctx: CommandContext,
  action: LifecycleAction,
  experimentId: number,
  stop?: ConsoleStopExperimentRequest,
): Promise<void> {
  if (ctx.rule?.approval) {
    await ctx.ack();
    return requestApproval(ctx.deps, {
      workspace: ctx.workspace,
      rule: ctx.rule,
      what: {
        action,
        experimentId,
        ...(stop
          ? {
              stop: {
                interruptReason: stop.interruptReason ?? null,
                interruptReasonComment: stop.interruptReasonComment ?? null,
              },
            }
          : {}),
      },
      requestedBy: ctx.command.user_id,
      channelId: ctx.command.channel_id,
      client: ctx.client,
      tell: (m) => ctx.replier.ephemeral(m),
      inChannelFallback: (m) => ctx.replier.inChannel(m),
    });
  }
  const request = {
    workspace: ctx.workspace,
    action,
    experimentId,
    stop,
    actorId: ctx.command.user_id,
    channelId: ctx.command.channel_id,
    personalRequired: ctx.rule?.personal,
    receipt: ctx.receipt,
  };
  const surface = commandSurface({
    client: ctx.client,
    channelId: ctx.command.channel_id,
    respond: ctx.respond,
    logger: ctx.deps.logger,
  });
  // The slot was taken before the ack (a command past the bound was refused in it); a caller that
  // took none is bounded here, before "Working on it…" is said, so a refusal is its one reply.
  const held = ctx.claimActionSlot?.() ?? false;
  if (!held && !ctx.deps.actionSlots.tryTake()) {
    await performLifecycle(ctx.deps, request, { ...surface, tell: (m) => ctx.ack(m) }, 'refused');
    return;
  }
  let handedOver = false;
  try {
    await ctx.ack(workingMessage({ action, experimentId, messages: ctx.deps.messages }));
    handedOver = true;
    await performLifecycle(ctx.deps, request, surface, 'held');
  } finally {
    if (!handedOver) ctx.deps.actionSlots.give();
  }
}
