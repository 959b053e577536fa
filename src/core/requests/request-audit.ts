import type { AuditEntry } from '../audit/audit-entry.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { ActionRequest } from './action-request.js';

type Step =
  | 'requested'
  | 'scheduled'
  | 'approved'
  | 'rejected'
  | 'expired'
  | 'missed'
  | 'cancelled'
  | 'interrupted';

/** One step of a request in the audit trail: who moved it (else its requester), what, and which request. */
export async function auditStep(
  audit: Pick<AuditLog, 'record'>,
  request: ActionRequest,
  step: Step,
  by?: string,
): Promise<void> {
  const approval: AuditEntry['approval'] =
    step === 'requested' || step === 'approved' || step === 'rejected' || step === 'expired'
      ? request.approval && { requestId: request.id, state: step, requestedBy: request.requestedBy }
      : undefined;
  await audit.record(request.scope, {
    userId: by ?? request.requestedBy,
    action: request.what.action,
    experimentId: request.what.experimentId,
    channelId: request.channelId,
    decision: 'allowed',
    // An approval's steps are named by its state; the others by the step.
    ...(approval ? { approval } : { outcome: step }),
    detail: detailOf(request),
  });
}

/** A rule refused the request (when it was asked, or when it was to run): nothing was sent. */
export async function auditRefusal(
  audit: Pick<AuditLog, 'record'>,
  request: Pick<ActionRequest, 'scope' | 'requestedBy' | 'what' | 'channelId'> & Partial<ActionRequest>,
  rule: string,
): Promise<void> {
  await audit.record(request.scope, {
    userId: request.requestedBy,
    action: request.what.action,
    experimentId: request.what.experimentId,
    channelId: request.channelId,
    decision: 'refused',
    rule: rule.slice(0, 40),
    ...(request.id ? { detail: detailOf(request as ActionRequest) } : {}),
  });
}

function detailOf(request: Pick<ActionRequest, 'id' | 'runAt' | 'timeZone'>): string {
  const at = request.runAt ? ` at ${request.runAt}${request.timeZone ? ` (${request.timeZone})` : ''}` : '';
  return `request ${request.id}${at}`;
}
