import type { ActionRequest } from './action-request.js';
import type { RequestRefusal } from './evaluate.js';
import type { RequestPorts, RunAllowed, RunResult } from './ports.js';
import { auditRefusal } from './request-audit.js';
import { decideNow } from './submit-request.js';

export type RunOutcome =
  | { kind: 'ran'; request: ActionRequest; result: RunResult }
  /** Decided in full right before sending, and refused: nothing was sent; the people were told. */
  | { kind: 'refused'; request: ActionRequest; refusal: RequestRefusal | 'unavailable' }
  /** Another runner (a replica, a cancel) moved it first: nothing was done here. */
  | { kind: 'not-ours' };

/**
 * A stored request that has just been moved to running (by its time, or by an approval): decided
 * in full with what is true now, then sent through `run`; its end is written whatever happened.
 */
export async function runClaimedRequest(
  ports: RequestPorts,
  request: ActionRequest,
  run: RunAllowed,
): Promise<RunOutcome> {
  const query = {
    ...request,
    approverId: request.approval?.decidedBy,
    attestedInChannel: false,
  };
  const verdict = await decideNow(ports, query, 'run');
  if (verdict === 'unavailable' || verdict.kind !== 'allowed') {
    // At run time a rule wanting approval that nobody gave refuses (evaluate says so); 'needs-approval' is an ask-time answer.
    const refusal =
      verdict === 'unavailable'
        ? verdict
        : verdict.kind === 'refused'
          ? verdict.refusal
          : 'approval-required';
    const ended = await endRefused(ports, request, refusal);
    return { kind: 'refused', request: ended, refusal };
  }
  let result: RunResult = { state: 'outcome-unknown', why: 'crashed' };
  let ended = request;
  try {
    result = await run(request, verdict.grant);
  } finally {
    const moved = await ports.requests
      .apply(request.scope, request.id, { kind: 'finish', state: result.state, why: result.why })
      .catch((error: unknown) => ports.logger.error('a request ran but its end was not recorded', { error }));
    if (moved?.ok) ended = moved.request;
    await result
      .written?.()
      .catch((error: unknown) =>
        ports.logger.error('a request ended, but the intent of its run could not be ended', { error }),
      );
  }
  return { kind: 'ran', request: ended, result };
}

async function endRefused(
  ports: RequestPorts,
  request: ActionRequest,
  refusal: RequestRefusal | 'unavailable',
): Promise<ActionRequest> {
  await auditRefusal(ports.audit, request, refusal);
  let ended = request;
  try {
    const moved = await ports.requests.apply(request.scope, request.id, { kind: 'refuse', why: refusal });
    if (moved?.ok) ended = moved.request;
  } catch (error) {
    ports.logger.error('a refused request could not be ended in the store', { error });
  }
  await ports.notify(ended, { kind: 'refused', refusal });
  return ended;
}

/** A scheduled request whose time has come: claimed once across replicas, then run. */
export async function runDueRequest(
  ports: RequestPorts,
  request: ActionRequest,
  run: RunAllowed,
): Promise<RunOutcome> {
  const claimed = await ports.requests.apply(request.scope, request.id, { kind: 'run' });
  if (!claimed?.ok) return { kind: 'not-ours' };
  return runClaimedRequest(ports, claimed.request, run);
}
