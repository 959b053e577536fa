import type { SlackListeners } from '../listener-registry.js';
import type { DictionariesDeps } from './deps.js';
import { registerDictNavigation } from './nav-listener.js';

/** `/exp dict [NAME [filter]]` and its page buttons. */
export function registerDictionaries(listeners: SlackListeners, deps: DictionariesDeps) {
  registerDictNavigation(listeners, deps);
}
