import type { SlackListeners } from '../listener-registry.js';
import { registerExposeButtons } from './expose-listener.js';

/** `/exp features …` and `/exp expose …` (with its confirmation buttons). */
export function registerSplitter(listeners: SlackListeners) {
  registerExposeButtons(listeners);
}
