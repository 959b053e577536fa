import type { SlackListeners } from '../listener-registry.js';
import type { ExperimentDeps } from './deps.js';
import { registerExperimentButtons } from './listeners.js';
import { registerUnfurls } from './unfurl.js';

/** What the app knows of experiments: `/exp show ID`, `/exp list [filter]`, their buttons, unfurls. */
export function registerExperiments(listeners: SlackListeners, deps: ExperimentDeps) {
  registerExperimentButtons(listeners, deps);
  registerUnfurls(listeners, deps);
}
