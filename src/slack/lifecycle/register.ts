import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { refusedForOtherComment } from '../stop/other-comment.js';
import { registerLifecycleButtons } from './button-listener.js';
import { runLifecycleCommand } from './commands.js';

/** Lifecycle actions: `/exp start|archive|unarchive ID`, `/exp stop ID REASON …` and their buttons. */
export function registerLifecycle(app: App, deps: SlackDeps) {
  registerLifecycleButtons(app, deps);
  return {
    lifecycle: (ctx, parsed) => runLifecycleCommand(ctx, parsed.action, parsed.experimentId),
    stop: async (ctx, parsed) => {
      const stop = { interruptReason: parsed.reason, interruptReasonComment: parsed.comment ?? null };
      if (await refusedForOtherComment(ctx, parsed.experimentId, stop)) return;
      return runLifecycleCommand(ctx, 'stop', parsed.experimentId, stop);
    },
  } satisfies Pick<CommandHandlers, 'lifecycle' | 'stop'>;
}
