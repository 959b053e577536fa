import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { runList } from './list.js';
import { registerExperimentButtons } from './listeners.js';
import { runShow } from './show.js';
import { registerUnfurls } from './unfurl.js';

/** What the app knows of experiments: `/exp show ID`, `/exp list [filter]`, their buttons, unfurls. */
export function registerExperiments(app: App, deps: SlackDeps) {
  registerExperimentButtons(app, deps);
  registerUnfurls(app, deps);
  return {
    show: (ctx, parsed) => runShow(ctx, parsed.experimentId),
    list: (ctx, parsed) => runList(ctx, parsed.filter),
  } satisfies Pick<CommandHandlers, 'show' | 'list'>;
}
