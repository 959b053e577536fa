import type { RequestWhat } from '../../core/requests/action-request.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import type { AskDeps } from '../requests/ask.js';
import { slackDraft } from '../requests/draft.js';
import { lifecycleRunner } from '../requests/runners.js';
import { readAskedTime } from '../schedule/read-time.js';
import type { PerformLifecycleDeps } from './perform.js';
import { workingMessage } from './result-messages.js';
import { commandSurface } from './surface.js';

type RunLifecycleCommandDeps = PerformLifecycleDeps &
  AskDeps &
  Pick<SlackDeps, 'workingNoteAfterMs' | 'actors' | 'logger' | 'now'>;

/**
 * `/exp start|archive|unarchive ID [time]` and `/exp stop ID [time] REASON [comment]`: acked
 * first, then asked as every surface asks (decided in full, sent for approval, scheduled, or run
 * now with the result in the channel).
 */
export async function runLifecycleCommand(
  ctx: CommandContext<RunLifecycleCommandDeps>,
  what: RequestWhat & { action: 'start' | 'stop' | 'archive' | 'unarchive'; experimentId: number },
  timePhrase?: readonly string[],
): Promise<void> {
  await ctx.ack();
  const { deps, command } = ctx;
  const surface = commandSurface({
    client: ctx.client,
    channelId: command.channel_id,
    respond: ctx.respond,
    logger: deps.logger,
    note: {
      message: workingMessage({
        action: what.action,
        experimentId: what.experimentId,
        messages: deps.messages,
      }),
      afterMs: deps.workingNoteAfterMs,
    },
  });
  try {
    const when = timePhrase
      ? await readAskedTime(deps, {
          client: ctx.client,
          workspace: ctx.workspace,
          userId: command.user_id,
          words: timePhrase,
        })
      : undefined;
    if (when && !when.ok) return await surface.tell(when.message);
    await deps.asking.ask(deps, {
      draft: slackDraft({
        workspace: ctx.workspace,
        userId: command.user_id,
        channelId: command.channel_id,
        surface: 'command',
        what,
        when: when?.when,
      }),
      client: ctx.client,
      attestedInChannel: true,
      receipt: ctx.receipt,
      tell: (m) => surface.tell(m),
      inChannelFallback: (m) => ctx.replier.inChannel(m),
      // The slot taken before the ack is the run's only when it runs; else the chain gives it back.
      run: (request, grant) =>
        lifecycleRunner(deps, surface, { receipt: ctx.receipt, slotHeld: ctx.claimActionSlot() })(
          request,
          grant,
        ),
    });
  } finally {
    await surface.finish();
  }
}
