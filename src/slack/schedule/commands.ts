import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { StopReason } from '../../core/stop-reason.js';
import type { CommandContext } from '../command/command-context.js';
import { type ScheduleActionDeps, scheduleAction } from './schedule-action.js';

type ScheduleFromCommandDeps = ScheduleActionDeps;

/** `/exp start ID in 2h`, `/exp stop ID at … REASON …`: acked at once, then scheduled or refused. */
export async function scheduleFromCommand(
  ctx: CommandContext<ScheduleFromCommandDeps>,
  input: { action: LifecycleAction; experimentId: number; when: readonly string[]; stop?: StopReason },
): Promise<void> {
  await ctx.ack();
  await scheduleAction(ctx.deps, {
    ...input,
    workspace: ctx.workspace,
    client: ctx.client,
    userId: ctx.command.user_id,
    channelId: ctx.command.channel_id,
    permit: ctx.permit(),
    tell: (m) => ctx.replier.ephemeral(m),
    inChannelFallback: (m) => ctx.replier.inChannel(m),
  });
}
