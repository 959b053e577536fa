import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { runExpose, runFeatures } from './commands.js';
import { registerExposeButtons } from './expose-listener.js';

/** `/exp features …` and `/exp expose …` (with its confirmation buttons). */
export function registerSplitter(app: App, deps: SlackDeps) {
  registerExposeButtons(app, deps);
  return {
    features: (ctx, parsed) => runFeatures(ctx, parsed.args),
    expose: (ctx, parsed) => runExpose(ctx, parsed.args),
  } satisfies Pick<CommandHandlers, 'features' | 'expose'>;
}
