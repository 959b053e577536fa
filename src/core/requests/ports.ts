import type { Logger } from '../../observability/logger.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { Actor } from '../policy/decide.js';
import type { Grant } from '../policy/grant.js';
import type { WorkspaceRef } from '../workspace.js';
import type { ActionRequest } from './action-request.js';
import type { EvaluationPhase, RequestFacts, RequestRefusal } from './evaluate.js';
import type { RequestStore } from './request-store.js';

/** What the facts are read for: the request, and who approved it when someone did. */
export type FactsQuery = Pick<
  ActionRequest,
  'scope' | 'teamId' | 'enterpriseId' | 'requestedBy' | 'channelId' | 'what'
> &
  Partial<Pick<ActionRequest, 'runAt' | 'surface'>> & {
    /** Whose approval is weighed (the person approving now, or who approved it). */
    approverId?: string | undefined;
    /**
     * The asking surface vouches the person is in the channel (they typed or clicked there);
     * anything read later (a schedule, an approval, a workflow's typed channel) is looked up.
     */
    attestedInChannel?: boolean | undefined;
  };

/** What a request did once allowed: the platform's outcome, as the request's last state. */
export interface RunResult {
  state: 'done' | 'failed' | 'outcome-unknown';
  /** The outcome's kind (conflict, not-found, timeout, busy…) for the audit trail and the record. */
  why?: string | undefined;
  /**
   * Called once the request's end is written (or failed to be): the run's intent goes then, so a
   * process killed before the write leaves an intent that says how the run ended, not a bare
   * running request the due pass would end as outcome unknown.
   */
  written?: (() => Promise<void>) | undefined;
}

/** Sends an allowed request to the platform and tells its outcome where it belongs; never throws. */
export type RunAllowed = (request: ActionRequest, grant: Grant) => Promise<RunResult>;

/** How a request changed without anyone being answered in place (the notices render it). */
export type RequestChange =
  /** Approved: it waits for its time, or it ran now (`result`). */
  | { kind: 'approved'; by: string; result?: RunResult | undefined }
  | { kind: 'rejected'; by: string; reason?: string | undefined }
  | { kind: 'expired' }
  | { kind: 'missed' }
  | { kind: 'cancelled'; by: string }
  /** Decided in full when it was to run, and refused by a rule: nothing was sent. */
  | { kind: 'refused'; refusal: RequestRefusal | 'unavailable' }
  /** It was running on a process that died: whether it was sent is unknown. */
  | { kind: 'interrupted' };

/** What the request use-cases need, each as narrow as they use it. */
export interface RequestPorts {
  requests: RequestStore;
  /** Reads what is true now for a request; throws when the app's own store or Slack fails outright. */
  facts(query: FactsQuery, phase: EvaluationPhase): Promise<RequestFacts>;
  /** A person as Slack knows them now (an admin may cancel anyone's request). */
  person(workspace: WorkspaceRef, userId: string): Promise<Actor | undefined>;
  audit: Pick<AuditLog, 'record'>;
  /**
   * Tells the people a change concerns (the request's message, the requester); never throws. False
   * when nothing could be said yet (what to say could not be read): telling it later would not
   * repeat anything. `again`: said by the due pass for a process that may have said it already.
   */
  notify(request: ActionRequest, change: RequestChange, options?: { again?: boolean }): Promise<boolean>;
  logger: Pick<Logger, 'error' | 'warn' | 'info'>;
  now(): Date;
  /** How long an approval asked for "now" stays valid (APPROVAL_TTL_HOURS). */
  approvalTtlMs: number;
}
