import type { ActionRequest, RequestWhat } from '../../core/requests/action-request.js';
import { stopReasonOfRequest } from '../../core/stop-reason.js';
import { KNOWN_PLATFORMS } from '../../splitter/schemas.js';
import { code, joinSafe, md, plain, type SafeText, slackDate, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { type ExperimentNames, NO_NAMES } from '../experiment/names.js';
import { experimentRef } from '../labels/label.js';
import { stopDetails as stopReasonDetails } from '../lifecycle/event-lines.js';
import type { Messages } from '../messages/index.js';
import { whenToken } from '../schedule/when-text.js';
import { participantText, platformText } from '../splitter/describe.js';
import { APPROVAL_ACTIONS, APPROVAL_BLOCKS, encodeApprovalValue } from './ids.js';

/**
 * "stop experiment *Search* (#4)" / "register an exposure of `label` (Android, user 77)": the
 * experiment named first where `names` knows it, by its id alone otherwise.
 */
export function requestWhat(
  what: RequestWhat,
  messages: Messages,
  names: ExperimentNames = NO_NAMES,
): SafeText {
  const e = what.expose;
  const exposure = e
    ? md`${code(e.label, 150)} (${platformText({ id: e.platformId, name: KNOWN_PLATFORMS.get(e.platformId) }, messages)}, ${participantText({ userId: e.participant.userId ?? undefined, visitorId: e.participant.visitorId ?? undefined }, messages)})`
    : undefined;
  const id = what.experimentId;
  const experiment = id === undefined ? undefined : experimentRef(id, names.get(id));
  return messages.approvals.what({ action: what.action, experiment, exposure });
}

/** The request's time as each reader sees it, when it has one. */
export function requestWhen(request: Pick<ActionRequest, 'runAt' | 'timeZone'>): SafeText | undefined {
  return request.runAt === undefined
    ? undefined
    : whenToken(new Date(request.runAt), request.timeZone ?? 'UTC');
}

/** The request in the channel: who asks what, when and why, who may approve until when, Approve / Reject. */
export function approvalRequestMessage(input: {
  request: ActionRequest;
  approvers: SafeText;
  messages: Messages;
  names?: ExperimentNames | undefined;
}): SlackMessage {
  const { request, messages } = input;
  const text = messages.approvals.request({
    user: userMention(request.requestedBy),
    what: requestWhat(request.what, messages, input.names),
    when: requestWhen(request),
    details: stopDetails(request, messages),
    approvers: input.approvers,
    expires: slackDate(new Date(request.approval?.validUntil ?? request.createdAt)),
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

/** The request once it no longer waits: what was asked, then what became of it, instead of the buttons. */
export function approvalEndedMessage(input: {
  request: ActionRequest;
  outcome: SafeText;
  messages: Messages;
  names?: ExperimentNames | undefined;
}): SlackMessage {
  const { request, messages } = input;
  const asked = messages.approvals.asked({
    user: userMention(request.requestedBy),
    what: requestWhat(request.what, messages, input.names),
    when: requestWhen(request),
  });
  const details = stopDetails(request, messages);
  const lines = details === undefined ? [asked, input.outcome] : [asked, details, input.outcome];
  return message(fallbackText([input.outcome]), [section(joinSafe(lines), APPROVAL_BLOCKS.request)]);
}

function stopDetails(request: ActionRequest, messages: Messages): SafeText | undefined {
  const stop = request.what.stop;
  if (request.what.action !== 'stop' || !stop) return undefined;
  return stopReasonDetails(stopReasonOfRequest(stop), messages);
}
