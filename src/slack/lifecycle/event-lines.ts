import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { StopReason } from '../../core/stop-reason.js';
import { escapeMrkdwn, joinSafe, type SafeText, safe, userMention } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

/** Room for a long comment while the whole section stays under Slack's 3000 characters. */
export const COMMENT_DISPLAY_MAX = 2000;
/** Statuses are opaque platform strings; a sane cap keeps a runaway one from filling the message. */
export const STATUS_DISPLAY_MAX = 100;

/** Who did what to which experiment, with the stop's reason and comment: a card headline or thread reply. */
export function doneLine(input: {
  action: LifecycleAction;
  experimentId: number;
  userId: string;
  stop?: StopReason | undefined;
  messages: Messages;
}): SafeText {
  const { action, experimentId, messages } = input;
  const headline = messages.lifecycle.success({ action, experimentId, user: userMention(input.userId) });
  const details = action === 'stop' ? stopDetails(input.stop, messages) : undefined;
  return details === undefined ? headline : joinSafe([headline, details]);
}

/** A stop's reason (its label) and comment (escaped, cut), as the channel and the alerts show them; none when empty. */
export function stopDetails(stop: StopReason | undefined, messages: Messages): SafeText | undefined {
  const comment = stop?.comment?.trim();
  const reason = stop?.reason;
  if (reason === undefined && !comment) return undefined;
  return messages.lifecycle.stopDetails({
    reason: reason === undefined ? undefined : escapeMrkdwn(messages.interruptReasons[reason]),
    comment: comment ? safe(comment, COMMENT_DISPLAY_MAX) : undefined,
  });
}

/** The refused action and the status exactly as the platform reported it. */
export function conflictLine(input: {
  action: LifecycleAction;
  experimentId: number;
  currentStatus: string | undefined;
  userId: string;
  messages: Messages;
}): SafeText {
  const { action, experimentId, messages } = input;
  return messages.lifecycle.conflict({
    action,
    experimentId,
    status: input.currentStatus === undefined ? undefined : safe(input.currentStatus, STATUS_DISPLAY_MAX),
    user: userMention(input.userId),
  });
}
