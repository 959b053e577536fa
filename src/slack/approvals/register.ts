import type { SlackListeners } from '../listener-registry.js';
import { registerApprovalButtons } from './listeners.js';
import { registerRejectSubmission } from './reject.js';

/** Requests waiting for a second person: their Approve and Reject buttons, and the reject form. */
export function registerApprovals(listeners: SlackListeners): void {
  registerApprovalButtons(listeners);
  registerRejectSubmission(listeners);
}
