import type { ActionRule, Who } from '../policy/policy.js';
import { workspaceKey } from '../workspace.js';
import type { ActionRequest, RequestDraft } from './action-request.js';
import { type EvaluationPhase, evaluateRequest, type RequestRefusal } from './evaluate.js';
import type { FactsQuery, RequestPorts, RunAllowed, RunResult } from './ports.js';
import { auditRefusal, auditStep } from './request-audit.js';
import { MISSED_AFTER_MS, waitsForItsTime } from './transitions.js';

export type SubmitOutcome =
  /** A rule refused it: nothing was sent or stored. */
  | { kind: 'refused'; refusal: RequestRefusal; rule: ActionRule }
  /** The app could not read what it decides with (its store, Slack): nothing was done. */
  | { kind: 'unavailable' }
  /** The same request already waits: nothing new was stored. */
  | { kind: 'duplicate'; existing: ActionRequest }
  /** Too many requests wait already: nothing was stored. */
  | { kind: 'full' }
  | { kind: 'awaiting-approval'; request: ActionRequest; approvers: Who | undefined }
  | { kind: 'scheduled'; request: ActionRequest }
  /** Decided and sent now; the runner told its outcome where it belongs. */
  | { kind: 'ran'; result: RunResult };

/**
 * A surface asks for an action: it is decided in full now. Refused, it ends here; wanting a second
 * person, it is stored and waits for them; with a time ahead, it is stored and waits for it; else it
 * runs now, through `run`. Every waiting request is decided again in full when it runs.
 */
export async function submitRequest(
  ports: RequestPorts,
  draft: RequestDraft,
  run: RunAllowed,
  options: {
    attestedInChannel: boolean;
    /**
     * Called with the request's name before a waiting request is stored (a command's receipt notes
     * it, so a process that dies before the command ends leaves the request to be taken back);
     * when it throws, nothing is stored.
     */
    beforeStore?: ((request: { scope: string; id: string }) => Promise<void>) | undefined;
  },
): Promise<SubmitOutcome> {
  const scope = workspaceKey({ teamId: draft.teamId, enterpriseId: draft.enterpriseId });
  const asked = { ...draft, scope };
  const verdict = await decideNow(ports, { ...asked, attestedInChannel: options.attestedInChannel }, 'ask');
  if (verdict === 'unavailable') return { kind: 'unavailable' };
  if (verdict.kind === 'refused') {
    await auditRefusal(ports.audit, asked, verdict.refusal);
    return { kind: 'refused', refusal: verdict.refusal, rule: verdict.rule };
  }
  const now = ports.now();
  if (verdict.kind === 'needs-approval') {
    // An approval of a scheduled request stays valid until its time (and the window a late run has).
    const validUntil = new Date(
      draft.runAt ? Date.parse(draft.runAt) + MISSED_AFTER_MS : now.getTime() + ports.approvalTtlMs,
    ).toISOString();
    const approval = { validUntil, ...(verdict.approvers ? { approvers: verdict.approvers } : {}) };
    const created = await store(
      ports,
      { ...asked, state: 'pending-approval', approval },
      options.beforeStore,
    );
    if (created.kind !== 'created') return created;
    await auditStep(ports.audit, created.request, 'requested');
    return { kind: 'awaiting-approval', request: created.request, approvers: verdict.approvers };
  }
  if (waitsForItsTime(draft, now)) {
    const created = await store(ports, { ...asked, state: 'scheduled' }, options.beforeStore);
    if (created.kind !== 'created') return created;
    await auditStep(ports.audit, created.request, 'scheduled');
    return { kind: 'scheduled', request: created.request };
  }
  const request = immediate(asked, now);
  return { kind: 'ran', result: await run(request, verdict.grant) };
}

type Stored =
  | { kind: 'created'; request: ActionRequest }
  | { kind: 'duplicate'; existing: ActionRequest }
  | { kind: 'full' }
  | { kind: 'unavailable' };

async function store(
  ports: RequestPorts,
  input: Parameters<RequestPorts['requests']['create']>[0],
  beforeStore: ((request: { scope: string; id: string }) => Promise<void>) | undefined,
): Promise<Stored> {
  try {
    const id = crypto.randomUUID();
    await beforeStore?.({ scope: input.scope, id });
    return await ports.requests.create({ ...input, id });
  } catch (error) {
    ports.logger.error('a request could not be stored; nothing was done', {
      error,
      action: input.what.action,
    });
    return { kind: 'unavailable' };
  }
}

/**
 * The facts read and the request decided; 'unavailable' when they could not be read (the person is
 * told nothing was done, never a guess).
 */
export async function decideNow(
  ports: RequestPorts,
  query: FactsQuery & Partial<ActionRequest>,
  phase: EvaluationPhase,
) {
  try {
    const facts = await ports.facts(query, phase);
    return evaluateRequest(query, facts, phase);
  } catch (error) {
    ports.logger.error('the facts a request is decided on could not be read; refusing', {
      error,
      action: query.what.action,
    });
    return 'unavailable' as const;
  }
}

/** A request that runs as it is asked: never stored, it goes straight to running. */
function immediate(asked: RequestDraft & { scope: string }, now: Date): ActionRequest {
  const at = now.toISOString();
  return {
    ...asked,
    v: 1,
    id: crypto.randomUUID(),
    state: 'running',
    createdAt: at,
    history: [{ state: 'running', at, by: asked.requestedBy }],
  };
}
