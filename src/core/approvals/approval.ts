import { LIFECYCLE_ACTIONS } from '../lifecycle-action.js';

// A second person's approval, when the policy asks for one, is a state of the request itself
// (core/requests): what runs is held exactly as asked, and runs under the requester's identity.

/** Approval is offered for the actions whose request can be held and run later as is. */
export const APPROVABLE_ACTIONS = [...LIFECYCLE_ACTIONS, 'expose'] as const;
export type ApprovableAction = (typeof APPROVABLE_ACTIONS)[number];

export function isApprovableAction(action: string): action is ApprovableAction {
  return (APPROVABLE_ACTIONS as readonly string[]).includes(action);
}
