import type { SlackListeners } from '../listener-registry.js';
import { registerLifecycleButtons } from './button-listener.js';

/** Lifecycle actions: `/exp start|archive|unarchive ID`, `/exp stop ID REASON …` and their buttons. */
export function registerLifecycle(listeners: SlackListeners) {
  registerLifecycleButtons(listeners);
}
