import type { CommandHandlers } from '../command/handlers.js';
import { runHooks } from './commands.js';

/** `/exp hooks` (the routes themselves are HTTP routes beside /slack/events: hook-route.ts). */
export function registerHooks() {
  return { hooks: (ctx, parsed) => runHooks(ctx, parsed.args) } satisfies Pick<CommandHandlers, 'hooks'>;
}
