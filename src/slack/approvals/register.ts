import type { SlackListeners } from '../listener-registry.js';
import { registerApprovalButtons } from './listeners.js';

/** Requests waiting for a second person: their Approve and Reject buttons. */
export function registerApprovals(listeners: SlackListeners): void {
  registerApprovalButtons(listeners);
}
