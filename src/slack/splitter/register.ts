import type { SlackListeners } from '../listener-registry.js';
import type { SplitterDeps } from './deps.js';
import { registerExposeButtons } from './expose-listener.js';

/** `/exp features …` and `/exp expose …` (with its confirmation buttons). */
export function registerSplitter(listeners: SlackListeners, deps: SplitterDeps) {
  registerExposeButtons(listeners, deps);
}
