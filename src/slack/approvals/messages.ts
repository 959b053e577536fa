import type { ApprovableAction } from '../../core/approvals/approval.js';
import type { SafeText } from '../blocks/escape.js';

/** Requests that wait for a second person's approval, and what became of them. */
export interface ApprovalMessages {
  /** What is asked: "stop experiment *4*" or "register an exposure of `label` (…)". */
  what(p: {
    action: ApprovableAction;
    experimentId: number | undefined;
    exposure: SafeText | undefined;
  }): SafeText;
  request(p: {
    user: SafeText;
    what: SafeText;
    details: SafeText | undefined;
    approvers: SafeText;
    expires: SafeText;
  }): SafeText;
  /** The request once decided: what was asked, before the outcome. */
  asked(p: { user: SafeText; what: SafeText }): SafeText;
  /** To the person who asked. */
  waiting(p: { what: SafeText }): SafeText;
  approved(p: { requester: SafeText; approver: SafeText; outcome: SafeText }): SafeText;
  /**
   * The approved action's outcome, in the channel, when the approver was told it alone in a language
   * other than the channel's: no claim about what happened (it may be unknown), only who knows.
   */
  toldApprover(p: { approver: SafeText }): SafeText;
  rejected(p: { requester: SafeText; approver: SafeText; what: SafeText }): SafeText;
  expired(p: { requester: SafeText; what: SafeText }): SafeText;
  ownRequest: SafeText;
  already(p: { state: 'approved' | 'rejected'; by: SafeText }): SafeText;
  notFound: SafeText;
  /** Approve clicked, but the policy runs the action under the requester's own token and they have none now. */
  requesterNoToken(p: { requester: SafeText; action: SafeText }): SafeText;
  /** Approve clicked, but the policy no longer lets the requester do the action from that channel. */
  requesterNotAllowed(p: { requester: SafeText; action: SafeText }): SafeText;
  /** ≤75 */
  approveButton: string;
  rejectButton: string;
}
