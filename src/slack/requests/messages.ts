import type { SafeText } from '../blocks/escape.js';

/**
 * A request to act as its people hear of it once it waits or runs later: the answers to asking
 * (who was asked, already asked), why it did not run, how it was asked, the reject form.
 * `what` is "*stop* experiment *4*"; `when` a Slack date token; `who` the approvers in words.
 */
export interface RequestMessages {
  /** To the requester: it waits for approval, posted where the approvers see it. */
  /** `cancel`: the command that takes it back (`/exp unschedule 3`), when there is one. */
  awaitingApproval(p: {
    what: SafeText;
    approvers: SafeText;
    channel: SafeText;
    when: SafeText | undefined;
    cancel: SafeText | undefined;
  }): SafeText;
  /** The same thing already waits: nothing new was asked. */
  duplicate(p: { what: SafeText; user: SafeText; when: SafeText | undefined; pending: boolean }): SafeText;
  /** As many requests wait as the app keeps: nothing was asked. */
  full: SafeText;
  /** Why a request was refused by a rule this catalogue words, a whole sentence (the policy's own rules are worded there). */
  refusal(p: {
    refusal:
      | 'workspace'
      | 'workspace-unknown'
      | 'left'
      | 'not-in-channel'
      | 'channel-hidden'
      | 'channel-unknown'
      | 'schedule'
      | 'stop-reason'
      | 'approval-required'
      | 'approver'
      | 'approval-lapsed';
    user: SafeText;
    channel: SafeText;
  }): SafeText;
  /** In the channel and to the requester: it was to run now and did not; `why` a whole sentence. */
  notRun(p: { what: SafeText; user: SafeText; when: SafeText | undefined; why: SafeText }): SafeText;
  /** To the requester (a DM): what became of their request without them. */
  toRequester: {
    approvedForLater(p: { what: SafeText; approver: SafeText; when: SafeText }): SafeText;
    approvedNow(p: { what: SafeText; approver: SafeText; channel: SafeText }): SafeText;
    rejected(p: { what: SafeText; approver: SafeText; reason: SafeText | undefined }): SafeText;
    expired(p: { what: SafeText }): SafeText;
    cancelled(p: { what: SafeText; user: SafeText }): SafeText;
    interrupted(p: { what: SafeText; experimentId: number | undefined }): SafeText;
  };
  /** Under a message said again by the app (its first teller may have said it before stopping). */
  mayRepeat: SafeText;
  /** The request's message in the channel once it no longer waits: what became of it. */
  ended: {
    approvedForLater(p: { approver: SafeText; when: SafeText }): SafeText;
    /** It ran now: done, not done (the approver and the requester were told why), or unknown. */
    approvedNow(p: { approver: SafeText; outcome: 'done' | 'failed' | 'outcome-unknown' }): SafeText;
    rejected(p: { approver: SafeText; reason: SafeText | undefined }): SafeText;
    expired: SafeText;
    cancelled(p: { user: SafeText }): SafeText;
    notRun(p: { why: SafeText }): SafeText;
    interrupted: SafeText;
  };
  /** How a result was asked for, after its line: "approved by @alice". */
  how(p: {
    approver: SafeText | undefined;
    scheduledBy: SafeText | undefined;
    when: SafeText | undefined;
    workflow: boolean;
  }): SafeText | undefined;
  /** The small form a person rejecting fills in (plain texts: title ≤24, the rest ≤75 / 150). */
  rejectModal: {
    title: string;
    intro: SafeText;
    reasonLabel: string;
    reasonPlaceholder: string;
    submit: string;
  };
  /** The stop form when the stop will only be asked for: its button, and the line that says so. */
  stopWillAsk(p: { approvers: SafeText }): SafeText;
  requestStopButton: string;
}
