import type { SlackListeners } from '../listener-registry.js';
import { registerExperimentButtons } from './listeners.js';
import { registerUnfurls } from './unfurl.js';

/** What the app knows of experiments: `/exp show ID`, `/exp list [filter]`, their buttons, unfurls. */
export function registerExperiments(listeners: SlackListeners) {
  registerExperimentButtons(listeners);
  registerUnfurls(listeners);
}
