import type { App } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { registerApprovalButtons } from './listeners.js';

/** Requests waiting for a second person: their Approve and Reject buttons. */
export function registerApprovals(app: App, deps: SlackDeps): void {
  registerApprovalButtons(app, deps);
}
