import * as z from 'zod';
import type { WorkspacePolicy } from './policy/policy.js';

/** Why the platform's interface lets a stop say it was stopped. */
export const INTERRUPT_REASONS = [
  'sequential_testing_significant_change',
  'critical_metric_impact',
  'bug',
  'other',
] as const;
export const ExperimentInterruptReason = z.enum(INTERRUPT_REASONS);
export type ExperimentInterruptReason = z.infer<typeof ExperimentInterruptReason>;

/**
 * Why an experiment is stopped: the interface's reason and a free comment, both optional. One value
 * from where it is typed (command, modal, inbound event) to the platform, the approval held for a
 * second person, the record, the audit and the alerts. The schema reads it back where it is kept in
 * this shape (queued alerts); the platform's and the approvals' shape is StopRequest.
 */
export const StopReason = z
  .object({
    reason: ExperimentInterruptReason.optional(),
    comment: z.string().optional(),
  })
  .readonly();
export type StopReason = z.infer<typeof StopReason>;

/**
 * Russian words people type for a reason (`/exp stop 4 баг …`), beside the English ones the command
 * parser knows: the value sent stays the platform's enum.
 */
export const RUSSIAN_REASON_WORDS: Readonly<Record<string, ExperimentInterruptReason>> = {
  значимое: 'sequential_testing_significant_change',
  значимо: 'sequential_testing_significant_change',
  последовательное: 'sequential_testing_significant_change',
  критично: 'critical_metric_impact',
  критичное: 'critical_metric_impact',
  метрики: 'critical_metric_impact',
  баг: 'bug',
  ошибка: 'bug',
  дефект: 'bug',
  другое: 'other',
  прочее: 'other',
};

/**
 * ASSUMPTION (the app's, not the platform's): the longest stop comment the app takes, in characters
 * as people count them (code points: an emoji is one). The platform's interface sets no limit on
 * interruptReasonComment; this one is chosen as Slack's: the stop modal's plain_text_input holds at
 * most 3,000 characters, so the command and the workflow step take no more than the form. It applies
 * to a comment being typed only, never to one already stored: every surface tells a longer one at
 * input (with this limit and the length sent), so a schedule, an approval request or the record
 * never meets it.
 */
export const STOP_COMMENT_MAX = 3_000;

/** A comment's length as the person is told it (and as the limit counts it). */
export function stopCommentLength(comment: string): number {
  return [...comment].length;
}

/** The comment's length when it is over STOP_COMMENT_MAX, else undefined. */
export function overlongStopComment(comment: string | undefined): number | undefined {
  // Fewer code units than the limit cannot be more code points: most comments end here.
  if (comment === undefined || comment.length <= STOP_COMMENT_MAX) return undefined;
  const length = stopCommentLength(comment);
  return length > STOP_COMMENT_MAX ? length : undefined;
}

/** A stop comment as stored and read back, within the one limit (zod's max counts code points too). */
export const StopComment = z.string().max(STOP_COMMENT_MAX);

/**
 * A stop reason in the platform's field names: the body of POST /experiments/v1/{id}/stop and, as
 * is, what an approval request holds (schema v1), so held requests stay readable.
 */
export const StopRequest = z.object({
  interruptReason: ExperimentInterruptReason.nullable(),
  interruptReasonComment: StopComment.nullable(),
});
export type StopRequest = z.infer<typeof StopRequest>;

/** `/exp stop ID REASON [comment…]`: the parser already refused an unknown reason word. */
export function stopReasonOfCommand(reason: ExperimentInterruptReason, comment?: string): StopReason {
  return { reason, comment };
}

/** An inbound lifecycle event's `interruptReason` and `comment`. */
export function stopReasonOfEvent(event: {
  interruptReason?: ExperimentInterruptReason | undefined;
  comment?: string | undefined;
}): StopReason {
  return { reason: event.interruptReason, comment: event.comment };
}

export function stopReasonOfRequest(request: StopRequest): StopReason {
  return {
    reason: request.interruptReason ?? undefined,
    comment: request.interruptReasonComment ?? undefined,
  };
}

/** The platform's body: what was not given is sent as null, as the interface allows. */
export function toRequest(stop: StopReason): StopRequest {
  return { interruptReason: stop.reason ?? null, interruptReasonComment: stop.comment ?? null };
}

export function isEmptyStopReason(stop: StopReason): boolean {
  return stop.reason === undefined && stop.comment === undefined;
}

export type StopFormRefusal =
  | { ok: false; problem: 'reason-required' | 'comment-required' }
  /** length: the comment's, as sent (trimmed), over STOP_COMMENT_MAX. */
  | { ok: false; problem: 'comment-too-long'; length: number };

/**
 * The stop modal's answer, checked against the policy in force when it is submitted (not only when
 * it was opened): "no reason" counts only while the policy allows it; Other may need a comment. A
 * comment over the limit is refused whatever the reason.
 */
export function stopReasonOfForm(
  policy: Pick<WorkspacePolicy, 'stopReasonRequired' | 'otherCommentRequired'>,
  form: { chosen: string | undefined; noReasonChosen: boolean; comment: string | undefined },
): { ok: true; stop: StopReason } | StopFormRefusal {
  const comment = form.comment?.trim() || undefined;
  const length = overlongStopComment(comment);
  if (length !== undefined) return { ok: false, problem: 'comment-too-long', length };
  if (form.noReasonChosen && !policy.stopReasonRequired) return { ok: true, stop: { comment } };
  const reason = ExperimentInterruptReason.safeParse(form.chosen);
  if (!reason.success) return { ok: false, problem: 'reason-required' };
  const stop = { reason: reason.data, comment };
  if (otherCommentMissing(policy, stop)) return { ok: false, problem: 'comment-required' };
  return { ok: true, stop };
}

/**
 * Whether this stop lacks the comment the workspace's policy asks for when the reason is `other`.
 * The one check the stop modal, `/exp stop ID other` and an approved stop all run.
 */
export function otherCommentMissing(
  policy: Pick<WorkspacePolicy, 'otherCommentRequired'>,
  stop: StopReason | undefined,
): boolean {
  if (!policy.otherCommentRequired || stop?.reason !== 'other') return false;
  return (stop.comment ?? '').trim() === '';
}

/** In an experiment record's last action (stored in these field names). */
export function recordedStop(stop: StopReason | undefined): {
  interruptReason: ExperimentInterruptReason | undefined;
  comment: string | undefined;
} {
  return { interruptReason: stop?.reason, comment: stop?.comment };
}
