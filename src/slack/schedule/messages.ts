import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { WhenRefusal } from '../../core/schedule/when.js';
import type { SafeText } from '../blocks/escape.js';

/**
 * Lifecycle actions asked for a later time: scheduling, the list, cancelling, and what became of
 * them at their time. `when` is a Slack date token (each reader sees their own time), `zone` the
 * zone it was typed in.
 */
export interface ScheduleMessages {
  /** What is scheduled: "*start* experiment *3*". */
  what(p: { action: LifecycleAction; experimentId: number }): SafeText;
  /** To the person: it is scheduled. */
  /** `cancel`: the command that takes it back (`/exp unschedule 3`). */
  scheduled(p: { what: SafeText; when: SafeText; zone: SafeText; cancel: SafeText }): SafeText;
  /**
   * To the person, under the channel's notice (`announced`): only what the notice lacks, how to take
   * it back (the Cancel button beside it, or `cancel`).
   */
  scheduledYours(p: { cancel: SafeText }): SafeText;
  /** Posted in the channel, so everyone there knows it will happen. */
  announced(p: { user: SafeText; what: SafeText; when: SafeText; zone: SafeText }): SafeText;
  /** It needs approval: asked now, runs only if approved by then. */
  needsApproval(p: { what: SafeText; when: SafeText }): SafeText;
  /** The time phrase could not be used; nothing was scheduled. */
  refused(p: { reason: WhenRefusal; phrase: SafeText; zone: SafeText }): SafeText;
  /** The workspace's policy does not let this person schedule. */
  notAllowed: SafeText;
  /** The app's own store failed: nothing was scheduled. */
  unavailable: SafeText;
  /** `/exp schedule [ID]`. */
  listTitle(p: { experimentId: number | undefined }): SafeText;
  listEmpty(p: { experimentId: number | undefined }): SafeText;
  listLine(p: { what: SafeText; when: SafeText; user: SafeText; pending: boolean }): SafeText;
  cancelButton: string;
  /** Cancelled (command or button). */
  cancelled(p: { user: SafeText; what: SafeText; when: SafeText }): SafeText;
  /** Nothing scheduled matched (`/exp unschedule`), or the button's entry is gone. */
  nothingToCancel(p: { experimentId: number | undefined }): SafeText;
  /** The run claimed it first. */
  tooLateToCancel(p: { what: SafeText }): SafeText;
  /** Only the person who scheduled it or someone who may do the action may cancel it. */
  cancelNotAllowed(p: { what: SafeText }): SafeText;
  /** At the due time: why nothing ran. */
  notRunLeft(p: { user: SafeText; what: SafeText }): SafeText;
  notRunRefused(p: { user: SafeText; what: SafeText; why: SafeText }): SafeText;
  notApprovedInTime(p: { user: SafeText; what: SafeText }): SafeText;
  missed(p: { user: SafeText; what: SafeText; when: SafeText }): SafeText;
  /** Marks a result or an alert of a scheduled action. */
  scheduledBy(p: { user: SafeText }): SafeText;
  /** An approval of a scheduled action: nothing runs now. */
  approvedForLater(p: { approver: SafeText; requester: SafeText; what: SafeText; when: SafeText }): SafeText;
  /** The Home tab's section of what is scheduled in the workspace. */
  homeTitle: SafeText;
  /** The card and the Home tab: "Scheduled: stop <date> by @alice". */
  cardLine(p: { action: LifecycleAction; when: SafeText; user: SafeText }): SafeText;
  /** `/exp policy`: who may schedule (undefined: whoever may do the action). */
  policyLine(p: { who: SafeText | undefined }): SafeText;
  policyChanged(p: { who: SafeText | undefined }): SafeText;
  /** The stop modal's optional "when" field. */
  modalWhenLabel: string;
  modalWhenHint: string;
  modalWhenPlaceholder: string;
}
