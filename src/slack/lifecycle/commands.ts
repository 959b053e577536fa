import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { type StopReason, toRequest } from '../../core/stop-reason.js';
import { workspaceKey } from '../../core/workspace.js';
import { requestApproval } from '../approvals/request.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { type PerformLifecycleDeps, performLifecycle } from './perform.js';
import { workingMessage } from './result-messages.js';
import { commandSurface } from './surface.js';

type RunLifecycleCommandDeps = PerformLifecycleDeps & Pick<SlackDeps, 'approvals' | 'workingNoteAfterMs'>;

/** `/exp start|archive|unarchive ID` and `/exp stop ID REASON [comment]`: ack first, then the platform. */
export async function runLifecycleCommand(
  ctx: CommandContext<RunLifecycleCommandDeps>,
  action: LifecycleAction,
  experimentId: number,
  stop?: StopReason,
): Promise<void> {
  const permit = ctx.permit();
  if (permit.kind === 'needs-approval') {
    await ctx.ack();
    await requestApproval(ctx.deps, {
      workspace: ctx.workspace,
      ticket: permit.ticket,
      what: {
        action,
        experimentId,
        ...(stop ? { stop: toRequest(stop) } : {}),
      },
      channelId: ctx.command.channel_id,
      client: ctx.client,
      tell: (m) => ctx.replier.ephemeral(m),
      inChannelFallback: (m) => ctx.replier.inChannel(m),
    });
    return;
  }
  const request = {
    workspace: ctx.workspace,
    action,
    experimentId,
    stop,
    actorId: ctx.command.user_id,
    channelId: ctx.command.channel_id,
    grant: permit.grant,
    receipt: ctx.receipt,
  };
  const surface = commandSurface({
    client: ctx.client,
    channelId: ctx.command.channel_id,
    respond: ctx.respond,
    logger: ctx.deps.logger,
    note: {
      message: workingMessage({ action, experimentId, messages: ctx.deps.messages }),
      afterMs: ctx.deps.workingNoteAfterMs,
    },
  });
  // The /exp middleware took the slot before the ack (past the bound the ack itself refused).
  const held = ctx.claimActionSlot();
  try {
    await ctx.ack();
  } catch (error) {
    if (held) ctx.deps.actionSlots.give(workspaceKey(ctx.workspace));
    await surface.finish();
    throw error;
  }
  try {
    await performLifecycle(ctx.deps, request, surface, held);
  } finally {
    await surface.finish();
  }
}
