import type { ApprovalRequest } from '../../core/approvals/approval.js';
import type { SafeText } from '../blocks/escape.js';
import { userMention } from '../blocks/escape.js';
import type { SlackDeps } from '../deps.js';
import { whenToken } from './when-text.js';

/**
 * Approve on the request of a scheduled action: recorded with the scheduled action (the request
 * expires long before a far due time), audited; the action runs at its time, checked again then.
 */
export async function approveScheduled(
  deps: Pick<SlackDeps, 'audit' | 'messages' | 'schedules'>,
  request: ApprovalRequest,
  approverId: string,
): Promise<SafeText> {
  const m = deps.messages;
  const entry = await deps.schedules.markApproved(request.scope, request.scheduleId ?? '', approverId);
  if (!entry) return m.schedule.nothingToCancel({ experimentId: undefined });
  await deps.audit.record(request.scope, {
    userId: approverId,
    action: request.action,
    experimentId: request.experimentId,
    channelId: request.channelId,
    decision: 'allowed',
    outcome: 'approved-for-schedule',
    approval: { requestId: request.id, state: 'approved', requestedBy: request.requestedBy },
  });
  return m.schedule.approvedForLater({
    approver: userMention(approverId),
    requester: userMention(request.requestedBy),
    what: m.schedule.what({ action: entry.action, experimentId: entry.experimentId }),
    when: whenToken(new Date(entry.runAt), entry.timeZone),
  });
}
