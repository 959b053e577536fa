import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { registerLifecycleButtons } from './button-listener.js';
import { runLifecycleCommand } from './commands.js';

/** Lifecycle actions: `/exp start|archive|unarchive ID`, `/exp stop ID REASON …` and their buttons. */
export function registerLifecycle(app: App, deps: SlackDeps) {
  registerLifecycleButtons(app, deps);
  return {
    lifecycle: (ctx, parsed) => runLifecycleCommand(ctx, parsed.action, parsed.experimentId),
    stop: (ctx, parsed) =>
      runLifecycleCommand(ctx, 'stop', parsed.experimentId, {
        interruptReason: parsed.reason,
        interruptReasonComment: parsed.comment ?? null,
      }),
  } satisfies Pick<CommandHandlers, 'lifecycle' | 'stop'>;
}
