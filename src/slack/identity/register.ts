import type { SlackListeners } from '../listener-registry.js';
import { registerLoginSubmission } from './login-submission.js';

/** A person's own platform token: `/exp login`, `/exp logout`, `/exp whoami`. */
export function registerIdentity(listeners: SlackListeners) {
  registerLoginSubmission(listeners);
}
