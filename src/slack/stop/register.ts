import type { SlackListeners } from '../listener-registry.js';
import { registerStopSubmission } from './submission.js';

/** `/exp stop ID` without a reason: the stop modal and its submission. */
export function registerStop(listeners: SlackListeners) {
  registerStopSubmission(listeners);
}
