import type { SlackListeners } from '../listener-registry.js';
import { registerDictNavigation } from './nav-listener.js';

/** `/exp dict [NAME [filter]]` and its page buttons. */
export function registerDictionaries(listeners: SlackListeners) {
  registerDictNavigation(listeners);
}
