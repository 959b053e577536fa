import type { SlackDeps } from '../deps.js';
import type { SlackListeners } from '../listener-registry.js';
import { registerExposeButtons } from './expose-listener.js';

/** `/exp features …` and `/exp expose …` (with its confirmation buttons). */
export function registerSplitter(listeners: SlackListeners, deps: SlackDeps) {
  registerExposeButtons(listeners, deps);
}
