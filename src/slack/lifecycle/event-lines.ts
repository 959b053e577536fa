import type { ExperimentRecord } from '../../core/experiments/record.js';
import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../../core/lifecycle-action.js';
import type { AskedHow } from '../../core/run-action.js';
import type { StopReason } from '../../core/stop-reason.js';
import { ExperimentInterruptReason } from '../../core/stop-reason.js';
import { escapeMrkdwn, joinSafe, md, type SafeText, safe, userMention } from '../blocks/escape.js';
import { experimentRef, statusText } from '../labels/label.js';
import type { Messages } from '../messages/index.js';
import { whenToken } from '../schedule/when-text.js';

/** Room for a long comment while the whole section stays under Slack's 3000 characters. */
export const COMMENT_DISPLAY_MAX = 2000;

/**
 * Who did what to which experiment, with the stop's reason and comment: a card headline or thread
 * reply. The experiment is named first where its name is known, by its id alone otherwise.
 */
export function doneLine(input: {
  action: LifecycleAction;
  experimentId: number;
  /** As the app recorded it, when it has. */
  name?: string | undefined;
  userId: string;
  stop?: StopReason | undefined;
  /** How it was asked, when more than typed or clicked now (approved, scheduled, a workflow). */
  how?: SafeText | undefined;
  messages: Messages;
}): SafeText {
  const { action, experimentId, messages } = input;
  const done = messages.lifecycle.success({
    action,
    experiment: experimentRef(experimentId, input.name),
    user: userMention(input.userId),
  });
  const headline = input.how === undefined ? done : md`${done} ${input.how}`;
  const details = action === 'stop' ? stopDetails(input.stop, messages) : undefined;
  return details === undefined ? headline : joinSafe([headline, details]);
}

/**
 * The line of the last lifecycle action done through the app, from the record: what a card keeps
 * as its headline when a later attempt changed nothing. None when the record's newest action is
 * another kind (an outside event, a create or an edit) or there is none.
 */
export function lastDoneLine(record: ExperimentRecord, messages: Messages): SafeText | undefined {
  const last = record.actions[0];
  const action = LIFECYCLE_ACTIONS.find((known) => known === last?.action);
  if (!last || !action || last.source !== 'slack' || !last.actorId) return undefined;
  const reason = ExperimentInterruptReason.safeParse(last.interruptReason);
  return doneLine({
    action,
    experimentId: record.experimentId,
    name: record.name?.value,
    userId: last.actorId,
    stop: { reason: reason.success ? reason.data : undefined, comment: last.comment },
    messages,
  });
}

/** A stop's reason (its label) and comment (escaped, cut), as the channel and the alerts show them; none when empty. */
export function stopDetails(stop: StopReason | undefined, messages: Messages): SafeText | undefined {
  const comment = stop?.comment?.trim();
  const reason = stop?.reason;
  if (reason === undefined && !comment) return undefined;
  return messages.lifecycle.stopDetails({
    reason: reason === undefined ? undefined : escapeMrkdwn(messages.labels.interruptReasons[reason]),
    comment: comment ? safe(comment, COMMENT_DISPLAY_MAX) : undefined,
  });
}

/** The refused action and the status exactly as the platform reported it. */
export function conflictLine(input: {
  action: LifecycleAction;
  experimentId: number;
  /** As the app recorded it, when it has. */
  name?: string | undefined;
  currentStatus: string | undefined;
  userId: string;
  how?: SafeText | undefined;
  messages: Messages;
}): SafeText {
  const { action, experimentId, messages } = input;
  const line = messages.lifecycle.conflict({
    action,
    experiment: experimentRef(experimentId, input.name),
    status: input.currentStatus === undefined ? undefined : statusText(messages.labels, input.currentStatus),
    user: userMention(input.userId),
  });
  return input.how === undefined ? line : md`${line} ${input.how}`;
}

/** "(approved by @alice; scheduled by @bob for …)": how a result was asked, when more than now. */
export function howText(
  asked: AskedHow | undefined,
  actorId: string,
  messages: Messages,
): SafeText | undefined {
  if (!asked) return undefined;
  return messages.requests.how({
    approver: asked.approvedBy === undefined ? undefined : userMention(asked.approvedBy),
    scheduledBy: asked.runAt === undefined ? undefined : userMention(actorId),
    when: asked.runAt === undefined ? undefined : whenToken(new Date(asked.runAt), asked.timeZone ?? 'UTC'),
    workflow: asked.viaWorkflow === true,
  });
}
