import type { ApprovableAction } from '../../core/approvals/approval.js';
import type { SafeText } from '../blocks/escape.js';

/** Requests that wait for a second person's approval: the request in the channel, and the clicks on it. */
export interface ApprovalMessages {
  /**
   * What is asked: "stop experiment *Search* (#4)" or "register an exposure of `label` (…)";
   * `experiment` names it first where its name is known (experimentRef).
   */
  what(p: {
    action: ApprovableAction;
    experiment: SafeText | undefined;
    exposure: SafeText | undefined;
  }): SafeText;
  request(p: {
    user: SafeText;
    what: SafeText;
    /** When it is to run, for a scheduled request. */
    when: SafeText | undefined;
    details: SafeText | undefined;
    approvers: SafeText;
    expires: SafeText;
  }): SafeText;
  /** The request once it no longer waits: what was asked, before what became of it. */
  asked(p: { user: SafeText; what: SafeText; when: SafeText | undefined }): SafeText;
  ownRequest: SafeText;
  /** A click on a request that no longer waits. */
  already(p: { state: 'approved' | 'rejected' | 'ended'; by: SafeText | undefined }): SafeText;
  notFound: SafeText;
  /** The clicker is not among who may approve it. */
  notApprover(p: { approvers: SafeText }): SafeText;
  /** Approving would not let it run now (`why`, a whole sentence): it still waits. */
  wouldBeRefused(p: { why: SafeText }): SafeText;
  /** Approve clicked, but the policy runs the action under the requester's own token and they have none now. */
  requesterNoToken(p: { requester: SafeText; action: ApprovableAction }): SafeText;
  /** Approve clicked, but the policy no longer lets the requester do the action from that channel. */
  requesterNotAllowed(p: { requester: SafeText; action: ApprovableAction }): SafeText;
  /** ≤75 */
  approveButton: string;
  rejectButton: string;
}
