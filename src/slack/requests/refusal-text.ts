import type { Refusal } from '../../core/policy/decide.js';
import type { ActionRule, Who } from '../../core/policy/policy.js';
import type { RequestWhat } from '../../core/requests/action-request.js';
import type { RequestRefusal } from '../../core/requests/evaluate.js';
import { refusedText, whoOf } from '../access/rule-text.js';
import { channelMention, type SafeText, userMention } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

const POLICY_REFUSALS: ReadonlySet<string> = new Set<Refusal>([
  'guest',
  'external',
  'nobody',
  'admins',
  'groups',
  'channel',
  'unknown-person',
]);
/** A refusal the policy's own texts word: who, where, guests, another organisation, Slack not telling. */
export const isPolicyRefusal = (refusal: string): refusal is Refusal => POLICY_REFUSALS.has(refusal);

/** Why a request was refused, as a whole sentence for the person (or the channel) it concerns. */
export function requestRefusalText(
  refusal: RequestRefusal | 'unavailable',
  request: { what: RequestWhat; requestedBy: string; channelId: string },
  rule: ActionRule,
  messages: Messages,
): SafeText {
  const { action, experimentId } = request.what;
  if (isPolicyRefusal(refusal)) return refusedText(refusal, action, rule, messages);
  switch (refusal) {
    case 'other-comment':
      return messages.input.commentRequired({ experimentId });
    case 'personal-token':
      return messages.identity.personalRequired({ action });
    case 'personal-token-unknown':
    case 'unavailable':
      return messages.errors.storeUnavailable({ action, experimentId });
    default:
      return messages.requests.refusal({
        refusal,
        user: userMention(request.requestedBy),
        channel: channelMention(request.channelId),
      });
  }
}

/** Who may approve, in words: the rule's approvers, else whoever may do the action. */
export function approversText(approvers: Who | undefined, rule: ActionRule, messages: Messages): SafeText {
  return whoOf(approvers ?? rule.who, messages);
}
