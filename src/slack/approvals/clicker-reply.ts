import type { DecideOutcome } from '../../core/requests/decide-request.js';
import { userMention } from '../blocks/escape.js';
import { approversText, isPolicyRefusal, requestRefusalText } from '../requests/refusal-text.js';
import type { ApprovalsDeps } from './deps.js';

/** Why approving would not let it run, said to the approver about the requester (not as if to them). */
async function wouldBeRefusedText(
  deps: ApprovalsDeps,
  outcome: Extract<DecideOutcome, { kind: 'would-be-refused' }>,
) {
  const { request, refusal } = outcome;
  const a = deps.messages.approvals;
  const requester = userMention(request.requestedBy);
  const { action } = request.what;
  if (refusal === 'personal-token') return a.requesterNoToken({ requester, action });
  // Who or where refused the requester (or Slack could not tell): said about them, not as if to the approver.
  if (isPolicyRefusal(refusal) || refusal === 'left' || refusal === 'not-in-channel')
    return a.requesterNotAllowed({ requester, action });
  const rule = (await deps.policies.get(request.scope)).actions[request.what.action];
  return a.wouldBeRefused({ why: requestRefusalText(refusal, request, rule, deps.messages) });
}

/** What the clicker alone hears of a decision that changed nothing (else the request's message says it). */
export async function clickerReply(deps: ApprovalsDeps, outcome: DecideOutcome) {
  const a = deps.messages.approvals;
  switch (outcome.kind) {
    case 'not-found':
      return a.notFound;
    case 'own-request':
      return a.ownRequest;
    case 'already': {
      const { request } = outcome;
      const by = request.approval?.decidedBy;
      const state = request.state === 'rejected' && by ? 'rejected' : by ? 'approved' : 'ended';
      return a.already({ state, by: by === undefined ? undefined : userMention(by) });
    }
    case 'expired':
      return deps.messages.requests.ended.expired;
    case 'not-approver': {
      const rule = (await deps.policies.get(outcome.request.scope)).actions[outcome.request.what.action];
      return a.notApprover({ approvers: approversText(outcome.approvers, rule, deps.messages) });
    }
    case 'would-be-refused':
      return wouldBeRefusedText(deps, outcome);
    default:
      return undefined;
  }
}
