import type { ExperimentInterruptReason } from '../../console/schemas.js';
import type { LifecycleAction } from '../../lifecycle/lifecycle-action.js';
import { escapeMrkdwn, joinSafe, type SafeText, safe, userMention } from '../blocks/escape.js';
import {
  actions,
  context,
  fallbackText,
  message,
  type SlackMessage,
  section,
  textMessage,
} from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { CONFLICT_ACTIONS, lifecycleButtons, NEXT_ACTIONS } from './buttons.js';
import { LIFECYCLE_BLOCKS } from './ids.js';

/** Room for a long comment while the whole section stays under Slack's 3000 characters. */
export const COMMENT_DISPLAY_MAX = 2000;
/** Statuses are opaque platform strings; a sane cap keeps a runaway one from filling the message. */
export const STATUS_DISPLAY_MAX = 100;

export interface LifecycleSuccessInput {
  action: LifecycleAction;
  experimentId: number;
  userId: string;
  reason?: ExperimentInterruptReason | undefined;
  comment?: string | undefined;
  messages: Messages;
}

/** In-channel: who did what to which experiment (reason and comment for stop), then next steps. */
export function lifecycleSuccessMessage(input: LifecycleSuccessInput): SlackMessage {
  const { action, experimentId, messages } = input;
  const headline = messages.lifecycle.success({ action, experimentId, user: userMention(input.userId) });
  const comment = input.comment?.trim();
  const details: SafeText | undefined =
    action === 'stop' && (input.reason !== undefined || comment)
      ? messages.lifecycle.stopDetails({
          reason:
            input.reason === undefined ? undefined : escapeMrkdwn(messages.interruptReasons[input.reason]),
          comment: comment ? safe(comment, COMMENT_DISPLAY_MAX) : undefined,
        })
      : undefined;
  const summary = details === undefined ? headline : joinSafe([headline, details]);
  const next = NEXT_ACTIONS[action];
  return message(fallbackText(details === undefined ? [headline] : [headline, details]), [
    section(summary, LIFECYCLE_BLOCKS.summary),
    context([messages.lifecycle.nextHint({ action, experimentId })], LIFECYCLE_BLOCKS.context),
    next.length > 0
      ? actions(lifecycleButtons(next, experimentId, messages), LIFECYCLE_BLOCKS.actions)
      : undefined,
  ]);
}

export interface StatusConflictInput {
  action: LifecycleAction;
  experimentId: number;
  /** Exactly as the platform reported it; undefined when its message did not name one. */
  currentStatus: string | undefined;
  userId: string;
  messages: Messages;
}

/** In-channel: the refused action, the status as reported, what to do instead. */
export function statusConflictMessage(input: StatusConflictInput): SlackMessage {
  const { action, experimentId, messages } = input;
  const status =
    input.currentStatus === undefined ? undefined : safe(input.currentStatus, STATUS_DISPLAY_MAX);
  const headline = messages.lifecycle.conflict({
    action,
    experimentId,
    status,
    user: userMention(input.userId),
  });
  const hint = messages.lifecycle.conflictHint({ action, experimentId });
  const offered = CONFLICT_ACTIONS[action];
  return message(fallbackText([headline, hint]), [
    section(headline, LIFECYCLE_BLOCKS.conflictSummary),
    context([hint], LIFECYCLE_BLOCKS.conflictHint),
    offered.length > 0
      ? actions(lifecycleButtons(offered, experimentId, messages), LIFECYCLE_BLOCKS.conflictActions)
      : undefined,
  ]);
}

/** Ephemeral ack sent before the platform call. */
export function workingMessage(input: {
  action: LifecycleAction;
  experimentId: number;
  messages: Messages;
}): SlackMessage {
  return textMessage(input.messages.lifecycle.working(input));
}

/** Ephemeral: a second click on the same action while the first is still running. */
export function duplicateClickMessage(input: { messages: Messages }): SlackMessage {
  return textMessage(input.messages.lifecycle.duplicateClick);
}
