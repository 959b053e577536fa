import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { changePolicy, showPolicy } from './commands.js';
import { registerPolicyListeners } from './listeners.js';

/** `/exp policy` (anyone reads it; admins change it: text forms or the modal). */
export function registerPolicy(app: App, deps: SlackDeps) {
  registerPolicyListeners(app, deps);
  return {
    policy: (ctx, parsed) => (parsed.change ? changePolicy(ctx, parsed.args) : showPolicy(ctx)),
  } satisfies Pick<CommandHandlers, 'policy'>;
}
