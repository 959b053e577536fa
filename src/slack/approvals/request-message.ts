import type { ApprovalRequest } from '../../core/approvals/approval.js';
import type { ActionRule } from '../../core/policy/policy.js';
import { stopReasonOfRequest } from '../../core/stop-reason.js';
import { KNOWN_PLATFORMS } from '../../splitter/schemas.js';
import { whoText } from '../access/rule-text.js';
import {
  code,
  escapeMrkdwn,
  joinSafe,
  md,
  plain,
  type SafeText,
  safe,
  slackDate,
  userMention,
} from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { COMMENT_DISPLAY_MAX } from '../lifecycle/event-lines.js';
import type { Messages } from '../messages/index.js';
import { participantText, platformText } from '../splitter/describe.js';
import { APPROVAL_ACTIONS, APPROVAL_BLOCKS, encodeApprovalValue } from './ids.js';

/** "stop experiment *4*" / "register an exposure of `label` (Android, user 77)". */
export function approvalWhat(request: ApprovalRequest, messages: Messages): SafeText {
  const exposure = request.expose
    ? (() => {
        const e = request.expose;
        const platform = platformText(
          { id: e.platformId, name: KNOWN_PLATFORMS.get(e.platformId) },
          messages,
        );
        const who = participantText(
          { userId: e.participant.userId ?? undefined, visitorId: e.participant.visitorId ?? undefined },
          messages,
        );
        return md`${code(e.label, 150)} (${platform}, ${who})`;
      })()
    : undefined;
  return messages.approvals.what({ action: request.action, experimentId: request.experimentId, exposure });
}

/** The request in the channel: who asks what and why, who may approve until when, Approve / Reject. */
export function approvalRequestMessage(input: {
  request: ApprovalRequest;
  rule: ActionRule;
  messages: Messages;
}): SlackMessage {
  const { request, messages } = input;
  const what = approvalWhat(request, messages);
  const text = messages.approvals.request({
    user: userMention(request.requestedBy),
    what,
    details: stopDetails(request, messages),
    approvers: whoText(input.rule, messages),
    expires: slackDate(new Date(request.expiresAt)),
  });
  const value = encodeApprovalValue(request.id);
  return message(fallbackText([text]), [
    section(text, APPROVAL_BLOCKS.request),
    actions(
      [
        {
          type: 'button',
          action_id: APPROVAL_ACTIONS.approve,
          style: 'primary',
          text: plain(messages.approvals.approveButton, LIMITS.buttonText),
          value,
        },
        {
          type: 'button',
          action_id: APPROVAL_ACTIONS.reject,
          text: plain(messages.approvals.rejectButton, LIMITS.buttonText),
          value,
        },
      ],
      APPROVAL_BLOCKS.actions,
    ),
  ]);
}

/** The request once decided or expired: what was asked, then what happened, instead of the buttons. */
export function approvalDecidedMessage(input: {
  request: ApprovalRequest;
  outcome: SafeText;
  messages: Messages;
}): SlackMessage {
  const { request, messages } = input;
  const asked = messages.approvals.asked({
    user: userMention(request.requestedBy),
    what: approvalWhat(request, messages),
  });
  const details = stopDetails(request, messages);
  const lines = details === undefined ? [asked, input.outcome] : [asked, details, input.outcome];
  return message(fallbackText([input.outcome]), [section(joinSafe(lines), APPROVAL_BLOCKS.request)]);
}

function stopDetails(request: ApprovalRequest, messages: Messages): SafeText | undefined {
  if (request.action !== 'stop' || !request.stop) return undefined;
  const { reason, comment: written } = stopReasonOfRequest(request.stop);
  const comment = written?.trim();
  if (!reason && !comment) return undefined;
  return messages.lifecycle.stopDetails({
    reason: reason === undefined ? undefined : escapeMrkdwn(messages.interruptReasons[reason]),
    comment: comment ? safe(comment, COMMENT_DISPLAY_MAX) : undefined,
  });
}
