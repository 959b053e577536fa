import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { runDictCommand } from './command.js';
import { registerDictNavigation } from './nav-listener.js';

/** `/exp dict [NAME [filter]]` and its page buttons. */
export function registerDictionaries(app: App, deps: SlackDeps) {
  registerDictNavigation(app, deps);
  return {
    dict: (ctx, parsed) => runDictCommand(ctx, parsed),
  } satisfies Pick<CommandHandlers, 'dict'>;
}
