import { isApprovableAction } from '../approvals/approval.js';
import { type Actor, decide, type Refusal, whoIncludes } from '../policy/decide.js';
import { type ApprovalTicket, type Grant, issueApprovalTicket, issueGrant } from '../policy/grant.js';
import type { ActionRule, Who, WorkspacePolicy } from '../policy/policy.js';
import { maySchedule } from '../policy/schedule-rule.js';
import { otherCommentMissing, stopReasonOfRequest } from '../stop-reason.js';
import type { ActionRequest } from './action-request.js';

// The one decision on a request, made with what is true when it runs: every surface's request, a
// command's as much as an approved or scheduled one's, passes here right before the platform is
// called. The surfaces ask it early too, for feedback before an ack, never as the only check.

/** What the app knows when it decides, read fresh by the caller (Slack, the store). */
export interface RequestFacts {
  policy: WorkspacePolicy;
  /** Whether the app's token serves the request's workspace (single-workspace installs). */
  served: 'same' | 'other' | 'unknown';
  /** The requester as Slack knows them now; undefined: Slack could not say. */
  requester: Actor | undefined;
  /** The requester's account is deactivated or gone. */
  requesterLeft: boolean;
  /**
   * Whether the requester is in the request's channel (a DM with the app counts as yes); hidden:
   * the app cannot see who is in it (a private channel it is not in).
   */
  inChannel: 'yes' | 'no' | 'hidden' | 'unknown';
  /** Whether the requester has their own platform token (read only when the rule asks for one). */
  personalToken: boolean | 'unknown';
  /** For a request someone approved: the approver as Slack knows them now. */
  approver?: Actor | undefined;
  now: Date;
}

/**
 * - ask: the request is being asked for; a rule wanting approval asks for it.
 * - run: the request is about to be sent; an approval the rule wants must have been given.
 */
export type EvaluationPhase = 'ask' | 'run';

/** The policy's own refusals (who, where, guests, another organisation, Slack not telling) and the request's. */
export type RequestRefusal =
  | Refusal
  | 'workspace'
  | 'workspace-unknown'
  | 'left'
  | 'not-in-channel'
  | 'channel-hidden'
  | 'channel-unknown'
  | 'schedule'
  | 'stop-reason'
  | 'other-comment'
  | 'personal-token'
  | 'personal-token-unknown'
  | 'approval-required'
  | 'approver'
  | 'approval-lapsed';

export type Verdict =
  | { kind: 'allowed'; grant: Grant; rule: ActionRule }
  | { kind: 'needs-approval'; ticket: ApprovalTicket; rule: ActionRule; approvers: Who | undefined }
  | { kind: 'refused'; refusal: RequestRefusal; rule: ActionRule };

type Checked = Pick<ActionRequest, 'scope' | 'requestedBy' | 'channelId' | 'what' | 'runAt' | 'approval'> &
  Partial<Pick<ActionRequest, 'id'>>;

/** Pure: the verdict on `request` given `facts`, in the order a person would want to hear it. */
export function evaluateRequest(request: Checked, facts: RequestFacts, phase: EvaluationPhase): Verdict {
  const { policy } = facts;
  const { action } = request.what;
  const rule = policy.actions[action];
  const no = (refusal: RequestRefusal): Verdict => ({ kind: 'refused', refusal, rule });
  if (facts.served !== 'same') return no(facts.served === 'other' ? 'workspace' : 'workspace-unknown');
  const requester = facts.requester;
  if (facts.requesterLeft) return no('left');
  if (!requester) return no('unknown-person');
  const decision = decide(policy, requester, action, request.channelId);
  if (!decision.allowed) return no(decision.refusal);
  if (facts.inChannel !== 'yes') return no(NOT_IN_CHANNEL[facts.inChannel]);
  if (request.runAt !== undefined && !maySchedule(policy, requester)) return no('schedule');
  const stop = stopRefusal(policy, request);
  if (stop) return no(stop);
  if (rule.personal && facts.personalToken !== true)
    return no(facts.personalToken === 'unknown' ? 'personal-token-unknown' : 'personal-token');
  return approvalVerdict(request, facts, phase, rule);
}

const NOT_IN_CHANNEL = {
  no: 'not-in-channel',
  hidden: 'channel-hidden',
  unknown: 'channel-unknown',
} as const satisfies Record<Exclude<RequestFacts['inChannel'], 'yes'>, RequestRefusal>;

function stopRefusal(policy: WorkspacePolicy, request: Checked): RequestRefusal | undefined {
  if (request.what.action !== 'stop') return undefined;
  const stop = request.what.stop ? stopReasonOfRequest(request.what.stop) : undefined;
  if (policy.stopReasonRequired && stop?.reason === undefined) return 'stop-reason';
  return otherCommentMissing(policy, stop) ? 'other-comment' : undefined;
}

/**
 * Past every rule on the requester: whether a second person must approve, has, and still may. An
 * approval given is honoured while the policy has switched approval off since; one the policy now
 * wants and nobody gave refuses the run (asking anew is the requester's to do).
 */
function approvalVerdict(
  request: Checked,
  facts: RequestFacts,
  phase: EvaluationPhase,
  rule: ActionRule,
): Verdict {
  const { action } = request.what;
  const wanted = rule.approval && isApprovableAction(action);
  const approval = request.approval;
  const approvedBy = approval?.decidedBy;
  const no = (refusal: RequestRefusal): Verdict => ({ kind: 'refused', refusal, rule });
  if (approvedBy === undefined) {
    if (!wanted) return allowed(request, rule, undefined);
    if (phase === 'run') return no('approval-required');
    const ticket = issueApprovalTicket({
      scope: request.scope,
      action,
      requestedBy: request.requestedBy,
      rule,
    });
    return { kind: 'needs-approval', ticket, rule, approvers: rule.approvers };
  }
  if (approval && facts.now.getTime() > Date.parse(approval.validUntil)) return no('approval-lapsed');
  if (!facts.approver || !mayApprove(facts.policy, request, facts.approver)) return no('approver');
  return allowed(request, rule, approvedBy);
}

/**
 * Whether `approver` may approve (or reject) `request` under `policy`: never its requester, a guest
 * or someone from another organisation; then whoever the rule names, else whoever may do the action
 * there.
 */
export function mayApprove(
  policy: WorkspacePolicy,
  request: Pick<ActionRequest, 'requestedBy' | 'channelId' | 'what'>,
  approver: Actor,
): boolean {
  if (approver.userId === request.requestedBy || approver.isGuest || approver.isExternal) return false;
  const approvers = policy.actions[request.what.action].approvers;
  if (approvers) return whoIncludes(approvers, approver);
  return decide(policy, approver, request.what.action, request.channelId).allowed;
}

function allowed(request: Checked, rule: ActionRule, approvedBy: string | undefined): Verdict {
  const approval =
    approvedBy === undefined ? undefined : { requestId: request.id ?? '', requestedBy: request.requestedBy };
  const grant = issueGrant({
    scope: request.scope,
    action: request.what.action,
    decidedFor: approvedBy ?? request.requestedBy,
    actingAs: { userId: request.requestedBy, personalRequired: rule.personal },
    rule,
    approval,
  });
  return { kind: 'allowed', grant, rule };
}
