import * as z from 'zod';
import { APPROVABLE_ACTIONS } from '../approvals/approval.js';
import { LIFECYCLE_ACTIONS } from '../lifecycle-action.js';
import { StopRequest } from '../stop-reason.js';
import { parseWorkspaceKey } from '../workspace.js';
import type { ActionRequest } from './action-request.js';
import { MISSED_AFTER_MS } from './transitions.js';

// What an earlier version kept of requests that waited, in its own two shapes: an approval request
// (namespace `approvals`) and a scheduled action (namespace `schedules`). Read once at start-up and
// carried over as requests (compose/migrate-requests.ts), so an upgrade neither drops a scheduled
// action nor orphans an Approve button already in a channel: a carried approval keeps its id.

const Participant = z.object({
  userId: z.number().int().nullable().optional(),
  visitorId: z.string().max(200).nullable().optional(),
});

export const LegacyApproval = z.object({
  v: z.literal(1),
  id: z.string().uuid(),
  scope: z.string().max(200),
  action: z.enum(APPROVABLE_ACTIONS),
  experimentId: z.int().positive().optional(),
  stop: StopRequest.optional(),
  expose: z.object({ label: z.string().max(300), platformId: z.int(), participant: Participant }).optional(),
  requestedBy: z.string().min(1).max(64),
  channelId: z.string().min(1).max(64),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  scheduleId: z.string().max(64).optional(),
  messageTs: z.string().max(64).optional(),
});
export type LegacyApproval = z.infer<typeof LegacyApproval>;

export const LegacyScheduled = z.object({
  v: z.literal(1),
  id: z.string().uuid(),
  scope: z.string().max(200),
  teamId: z.string().min(1).max(64),
  enterpriseId: z.string().max(64).optional(),
  action: z.enum(LIFECYCLE_ACTIONS),
  experimentId: z.int().positive(),
  stop: StopRequest.optional(),
  runAt: z.string(),
  timeZone: z.string().max(64),
  scheduledBy: z.string().min(1).max(64),
  channelId: z.string().min(1).max(64),
  createdAt: z.string(),
  approvalId: z.string().max(64).optional(),
  approvedBy: z.string().max(64).optional(),
});
export type LegacyScheduled = z.infer<typeof LegacyScheduled>;

/**
 * A scheduled action as a request: scheduled (with its approval when one was given), or still
 * waiting for one (its old approval's message kept, so its buttons keep working).
 */
export function requestOfLegacySchedule(
  entry: LegacyScheduled,
  approval: LegacyApproval | undefined,
): ActionRequest {
  const validUntil = new Date(Date.parse(entry.runAt) + MISSED_AFTER_MS).toISOString();
  const waiting = entry.approvalId !== undefined && entry.approvedBy === undefined;
  const state = waiting ? 'pending-approval' : 'scheduled';
  const approved = entry.approvedBy && { validUntil, decidedBy: entry.approvedBy };
  return {
    v: 1,
    // Waiting for approval, it takes its approval's id: the Approve button in the channel carries that.
    id: waiting && entry.approvalId ? entry.approvalId : entry.id,
    scope: entry.scope,
    teamId: entry.teamId,
    ...(entry.enterpriseId ? { enterpriseId: entry.enterpriseId } : {}),
    requestedBy: entry.scheduledBy,
    channelId: entry.channelId,
    surface: 'command',
    what: {
      action: entry.action,
      experimentId: entry.experimentId,
      ...(entry.stop ? { stop: entry.stop } : {}),
    },
    runAt: entry.runAt,
    timeZone: entry.timeZone,
    ...(waiting
      ? { approval: { validUntil, ...(approval?.messageTs ? { messageTs: approval.messageTs } : {}) } }
      : {}),
    ...(approved ? { approval: approved } : {}),
    state,
    createdAt: entry.createdAt,
    history: [{ state, at: entry.createdAt, by: entry.scheduledBy }],
  };
}

/** A pending approval of an action for now as a request waiting for it; undefined for any other. */
export function requestOfLegacyApproval(approval: LegacyApproval): ActionRequest | undefined {
  const workspace = parseWorkspaceKey(approval.scope);
  if (approval.state !== 'pending' || approval.scheduleId !== undefined || !workspace) return undefined;
  return {
    v: 1,
    id: approval.id,
    scope: approval.scope,
    teamId: workspace.teamId,
    ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
    requestedBy: approval.requestedBy,
    channelId: approval.channelId,
    surface: 'command',
    what: {
      action: approval.action,
      ...(approval.experimentId === undefined ? {} : { experimentId: approval.experimentId }),
      ...(approval.stop ? { stop: approval.stop } : {}),
      ...(approval.expose ? { expose: approval.expose } : {}),
    },
    approval: {
      validUntil: approval.expiresAt,
      ...(approval.messageTs ? { messageTs: approval.messageTs } : {}),
    },
    state: 'pending-approval',
    createdAt: approval.createdAt,
    history: [{ state: 'pending-approval', at: approval.createdAt, by: approval.requestedBy }],
  };
}
