import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { LIFECYCLE_ACTIONS } from '../lifecycle-action.js';
import { StopRequest } from '../stop-reason.js';
import type { StoredValues } from '../stored-values.js';

// A second person's approval, when the policy asks for one. The request holds exactly what would
// run; approving runs it under the requester's identity (their own token where they have one), so
// the platform's records name the person who asked; the approver is named in the audit trail.

/** Approval is offered for the actions whose request can be held and run later as is. */
export const APPROVABLE_ACTIONS = [...LIFECYCLE_ACTIONS, 'expose'] as const;
export type ApprovableAction = (typeof APPROVABLE_ACTIONS)[number];

export function isApprovableAction(action: string): action is ApprovableAction {
  return (APPROVABLE_ACTIONS as readonly string[]).includes(action);
}

const Participant = z.object({
  userId: z.number().int().nullable().optional(),
  visitorId: z.string().max(200).nullable().optional(),
});

export const ApprovalRequest = z.object({
  v: z.literal(1),
  id: z.string().uuid(),
  scope: z.string().max(200),
  action: z.enum(APPROVABLE_ACTIONS),
  experimentId: z.int().positive().optional(),
  /** In the platform's field names, as stored since v1 (stopReasonOfRequest reads it). */
  stop: StopRequest.optional(),
  expose: z.object({ label: z.string().max(300), platformId: z.int(), participant: Participant }).optional(),
  requestedBy: z.string().max(64),
  channelId: z.string().max(64),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  decidedBy: z.string().max(64).optional(),
  decidedAt: z.string().optional(),
  /** For a scheduled action (core/schedule): approving lets it run at runAt instead of now. */
  scheduleId: z.string().max(64).optional(),
  runAt: z.string().max(40).optional(),
  /** The request message in the channel, updated with the outcome. */
  messageTs: z.string().max(64).optional(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

type Decision = 'approve' | 'reject';

type DecideOutcome =
  | { kind: 'decided'; request: ApprovalRequest }
  | { kind: 'not-found' }
  | { kind: 'expired'; request: ApprovalRequest }
  | { kind: 'already'; request: ApprovalRequest }
  /** The requester cannot approve (or reject) their own request. */
  | { kind: 'own-request'; request: ApprovalRequest };

export interface ApprovalStore {
  create(
    input: Omit<ApprovalRequest, 'v' | 'id' | 'createdAt' | 'expiresAt' | 'state'>,
  ): Promise<ApprovalRequest>;
  get(scope: string, id: string): Promise<ApprovalRequest | undefined>;
  /** Remembers where the request was posted. */
  attachMessage(request: ApprovalRequest, messageTs: string): Promise<void>;
  /**
   * One decision per request, across replicas: the first approve or reject wins; a double click,
   * a late click after expiry or a click on a decided request changes nothing.
   */
  decide(scope: string, id: string, decision: Decision, by: string): Promise<DecideOutcome>;
}

export function createApprovalStore(options: {
  /** The approvals' namespace; its compare-and-set writes a request's later changes. */
  stored: StoredValues;
  /** Atomic set-if-absent (Redis SET NX, Postgres ON CONFLICT…): the decision lock. */
  claim: (key: string, ttlMs: number) => Promise<boolean>;
  ttlMs: number;
  now: () => Date;
}): ApprovalStore {
  const { claim, ttlMs, now } = options;
  const { keyv, update } = options.stored;
  const key = (scope: string, id: string) => `approval:${scope}:${id}`;
  // Kept past expiry, so a late click still finds the request and is told it expired.
  const keepMs = ttlMs * 2;
  const parse = (scope: string, stored: unknown) => {
    const parsed = ApprovalRequest.safeParse(stored);
    return parsed.success && parsed.data.scope === scope ? parsed.data : undefined;
  };
  const read = async (scope: string, id: string) => parse(scope, await keyv.get(key(scope, id)));
  /**
   * Changes the stored request by compare-and-set: posting its message and deciding it can land
   * at the same moment, and neither may undo the other (a decided request turned back to pending).
   */
  const change = (scope: string, id: string, edit: (current: ApprovalRequest) => ApprovalRequest) =>
    update(
      key(scope, id),
      (stored) => {
        const current = parse(scope, stored);
        if (!current) return { next: stored, result: undefined };
        const next = edit(current);
        return { next, result: next };
      },
      { ttlMs: keepMs },
    );
  return {
    async create(input) {
      const created = now();
      const request: ApprovalRequest = {
        ...input,
        v: 1,
        id: randomUUID(),
        createdAt: created.toISOString(),
        expiresAt: new Date(created.getTime() + ttlMs).toISOString(),
        state: 'pending',
      };
      await keyv.set(key(request.scope, request.id), ApprovalRequest.parse(request), keepMs);
      return request;
    },
    get: read,
    async attachMessage(request, messageTs) {
      await change(request.scope, request.id, (current) => ({ ...current, messageTs }));
    },
    async decide(scope, id, decision, by) {
      const request = await read(scope, id);
      if (!request) return { kind: 'not-found' };
      if (request.state !== 'pending') return { kind: 'already', request };
      if (request.requestedBy === by) return { kind: 'own-request', request };
      if (now().getTime() > Date.parse(request.expiresAt)) return { kind: 'expired', request };
      if (!(await claim(`approval-decision:${scope}:${id}`, keepMs))) {
        return { kind: 'already', request: (await read(scope, id)) ?? request };
      }
      const verdict = {
        state: decision === 'approve' ? ('approved' as const) : ('rejected' as const),
        decidedBy: by,
        decidedAt: now().toISOString(),
      };
      // The decision claim makes this the only decider; the message's ts may land meanwhile.
      const decided = await change(scope, id, (current) => ({ ...current, ...verdict }));
      return { kind: 'decided', request: decided ?? { ...request, ...verdict } };
    },
  };
}
