import type { AuditEntry } from '../audit/audit-entry.js';
import { SLOT_REFUSAL_RULE } from '../audit/busy-tally.js';
import type { Identity } from '../connections.js';
import type { LifecycleRequest } from '../run-action.js';
import type { PerformedKind } from './ports.js';

/**
 * How an action refused for want of a slot reads in the audit trail, from a command or a click:
 * refused, the action never ran (a command's access check did not either).
 */
export const BUSY_AUDIT = { decision: 'refused', rule: SLOT_REFUSAL_RULE, outcome: 'busy' } as const;

/** The audit record of one performed action: who asked, what became of it, whose token acted, which approval. */
export function auditEntryOf(
  request: LifecycleRequest,
  kind: PerformedKind,
  identity: Identity | undefined,
): AuditEntry {
  const { approval, decidedFor } = request.grant;
  return {
    // An approved action is the approver's doing in the trail (who asked is in `approval`).
    userId: approval ? decidedFor : request.actorId,
    action: request.action,
    experimentId: request.experimentId,
    channelId: request.channelId,
    ...(kind === 'busy' ? BUSY_AUDIT : { decision: 'allowed' as const, outcome: kind }),
    ...(identity ? { identity } : {}),
    ...(approval
      ? {
          approval: {
            requestId: approval.requestId,
            state: 'approved' as const,
            requestedBy: approval.requestedBy,
          },
        }
      : {}),
  };
}
