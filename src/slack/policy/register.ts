import type { SlackListeners } from '../listener-registry.js';
import { registerPolicyListeners } from './listeners.js';

/** `/exp policy` (anyone reads it; admins change it: text forms or the modal). */
export function registerPolicy(listeners: SlackListeners) {
  registerPolicyListeners(listeners);
}
