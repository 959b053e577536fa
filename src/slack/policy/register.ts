import type { SlackListeners } from '../listener-registry.js';
import type { PolicyDeps } from './deps.js';
import { registerPolicyListeners } from './listeners.js';

/** `/exp policy` (anyone reads it; admins change it: text forms or the modal). */
export function registerPolicy(listeners: SlackListeners, deps: PolicyDeps) {
  registerPolicyListeners(listeners, deps);
}
