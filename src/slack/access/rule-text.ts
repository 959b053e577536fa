import type { Refusal } from '../../core/policy/decide.js';
import type { ActionRule, PolicyAction, Who } from '../../core/policy/policy.js';
import { channelMention, joinSafe, md, type SafeText } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

// Rules in words, built only from ids: what a refusal says, who a rule lets act, and where.

export function refusedText(
  refusal: Refusal,
  action: PolicyAction,
  rule: ActionRule,
  messages: Messages,
): SafeText {
  return messages.policy.refused({
    action,
    refusal,
    who: whoText(rule, messages),
    channels: channelsText(rule, messages),
  });
}

/** "an admin or a member of @exp-owners": who a rule lets act, built only from ids. */
export function whoText(rule: ActionRule, messages: Messages): SafeText {
  return whoOf(rule.who, messages);
}

/** Who a `Who` names, in words. */
export function whoOf(who: Who, messages: Messages): SafeText {
  const p = messages.policy;
  switch (who.kind) {
    case 'members':
      return p.whoMembers;
    case 'admins':
      return p.whoAdmins;
    case 'nobody':
      return p.whoNobody;
    case 'groups':
      return p.whoGroups({ groups: joinSafe(who.groupIds.map(groupMention), md` or `) });
  }
}

export function channelsText(rule: ActionRule, messages: Messages): SafeText {
  return rule.channels === 'any'
    ? messages.policy.anyChannel
    : joinSafe(rule.channels.map(channelMention), md`, `);
}

/** A user group mention from its id (`<!subteam^S…>`); the id was validated when the rule was stored. */
function groupMention(id: string): SafeText {
  return /^S[A-Z0-9]{2,30}$/.test(id) ? (`<!subteam^${id}>` as SafeText) : md`\`?\``;
}
