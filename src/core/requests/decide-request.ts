import type { Who } from '../policy/policy.js';
import type { ActionRequest } from './action-request.js';
import { type EvaluationPhase, mayApprove, type RequestRefusal } from './evaluate.js';
import type { RequestPorts, RunAllowed } from './ports.js';
import { auditStep } from './request-audit.js';
import { type RunOutcome, runClaimedRequest } from './run-request.js';
import { decideNow } from './submit-request.js';
import { tellEnding } from './tell-ending.js';
import { waitsForItsTime } from './transitions.js';

export type DecideOutcome =
  | { kind: 'not-found' }
  /** Decided, run, cancelled or expired already: nothing changed. */
  | { kind: 'already'; request: ActionRequest }
  | { kind: 'own-request'; request: ActionRequest }
  /** Not among who may approve it (the rule's approvers, else whoever may do the action). */
  | { kind: 'not-approver'; request: ActionRequest; approvers: Who | undefined }
  /** Its approval lapsed: it expired now (the people are told), and nothing ran. */
  | { kind: 'expired'; request: ActionRequest }
  /**
   * Approving would not let it run: a rule on the requester refuses it now (no personal token,
   * no longer allowed). Nothing changed: it still waits, and can be approved once that is mended.
   */
  | { kind: 'would-be-refused'; request: ActionRequest; refusal: RequestRefusal | 'unavailable' }
  | { kind: 'rejected'; request: ActionRequest }
  /** Approved; it waits for its time (decided again in full then). */
  | { kind: 'approved-for-later'; request: ActionRequest }
  /** Approved and run now (or refused when decided in full, said by the outcome). */
  | { kind: 'approved'; request: ActionRequest; run: RunOutcome };

export interface Decision {
  scope: string;
  id: string;
  by: string;
  decision: 'approve' | 'reject';
  /** What the person rejecting said, if anything. */
  reason?: string | undefined;
}

/**
 * A second person approves or rejects a waiting request. Whoever decides must be among its
 * approvers now; an approval that would run it is first weighed in full (so an approval is not
 * spent on a run a rule refuses); the first decision wins across replicas; an approved request
 * runs now, through `run`, or waits for its time.
 */
export async function decideRequest(
  ports: RequestPorts,
  input: Decision,
  run: RunAllowed,
): Promise<DecideOutcome> {
  const request = await ports.requests.get(input.scope, input.id);
  if (!request) return { kind: 'not-found' };
  if (request.state !== 'pending-approval') return { kind: 'already', request };
  if (request.requestedBy === input.by) return { kind: 'own-request', request };
  const lapsed = await expireIfLapsed(ports, request);
  if (lapsed) return lapsed;
  const weighed = await weigh(ports, request, input, input.decision === 'approve' ? 'run' : 'ask');
  if (weighed) return weighed;
  const moved = await ports.requests.apply(input.scope, input.id, {
    kind: input.decision,
    by: input.by,
    reason: input.reason,
  });
  if (!moved) return { kind: 'not-found' };
  if (!moved.ok) return { kind: 'already', request: moved.request };
  const decided = moved.request;
  if (input.decision === 'reject') {
    await auditStep(ports.audit, decided, 'rejected', input.by);
    await tellEnding(ports, decided, { kind: 'rejected', by: input.by, reason: decided.approval?.reason });
    return { kind: 'rejected', request: decided };
  }
  await auditStep(ports.audit, decided, 'approved', input.by);
  if (decided.state === 'scheduled') {
    await ports.notify(decided, { kind: 'approved', by: input.by });
    return { kind: 'approved-for-later', request: decided };
  }
  const ran = await runClaimedRequest(ports, decided, run);
  // A run a rule refused has told its people already (run-request.ts); a run says what it did.
  if (ran.kind === 'ran')
    await ports.notify(ran.request, { kind: 'approved', by: input.by, result: ran.result });
  return { kind: 'approved', request: decided, run: ran };
}

async function expireIfLapsed(
  ports: RequestPorts,
  request: ActionRequest,
): Promise<DecideOutcome | undefined> {
  if (!request.approval || ports.now().getTime() <= Date.parse(request.approval.validUntil)) return undefined;
  const moved = await ports.requests.apply(request.scope, request.id, { kind: 'expire', why: 'unanswered' });
  if (moved?.ok) {
    await auditStep(ports.audit, moved.request, 'expired');
    await tellEnding(ports, moved.request, { kind: 'expired' });
  }
  return { kind: 'expired', request: moved?.request ?? request };
}

/**
 * Whether this person may decide, and for an approval that would run it now, whether the request
 * would pass in full. Undefined when the decision may go ahead.
 */
async function weigh(
  ports: RequestPorts,
  request: ActionRequest,
  input: Decision,
  phase: EvaluationPhase,
): Promise<DecideOutcome | undefined> {
  const approvers = request.approval?.approvers;
  const asApproved = {
    ...request,
    approval: request.approval && { ...request.approval, decidedBy: input.by },
    approverId: input.by,
    attestedInChannel: false,
  };
  let facts: Awaited<ReturnType<RequestPorts['facts']>>;
  try {
    facts = await ports.facts(asApproved, phase);
  } catch (error) {
    ports.logger.error('the facts an approval is decided on could not be read', { error });
    return { kind: 'would-be-refused', request, refusal: 'unavailable' };
  }
  if (!facts.approver || !mayApprove(facts.policy, request, facts.approver))
    return {
      kind: 'not-approver',
      request,
      approvers: facts.policy.actions[request.what.action].approvers ?? approvers,
    };
  if (input.decision === 'reject' || waitsForItsTime(request, ports.now())) return undefined;
  const verdict = await decideNow(ports, asApproved, 'run');
  if (verdict === 'unavailable') return { kind: 'would-be-refused', request, refusal: 'unavailable' };
  return verdict.kind === 'refused'
    ? { kind: 'would-be-refused', request, refusal: verdict.refusal }
    : undefined;
}
