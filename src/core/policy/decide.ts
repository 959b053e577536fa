import type { ActionRule, PolicyAction, WorkspacePolicy } from './policy.js';

/** What the app knows of the person asking (read from Slack: users.info, user groups). */
export interface Actor {
  userId: string;
  /** Workspace admin or owner of this workspace (or its Enterprise Grid org), or in ADMIN_USER_IDS. */
  isAdmin: boolean;
  /** A guest (is_restricted / is_ultra_restricted): reads only. */
  isGuest: boolean;
  /** From another organisation (Slack Connect): reads only, whatever their role there. */
  isExternal: boolean;
  /** The user groups of the rule being checked that the person belongs to (looked up only when needed). */
  groupIds: readonly string[];
}

export type Refusal =
  | 'guest'
  | 'external'
  | 'nobody'
  | 'admins'
  | 'groups'
  | 'channel'
  /** The person's facts could not be read from Slack: refused rather than guessed. */
  | 'unknown-person';

export type Decision =
  | { allowed: true; rule: ActionRule }
  | { allowed: false; rule: ActionRule; refusal: Refusal };

/**
 * Pure: may this person do this action from this channel? Guests and people from another
 * organisation only read, whatever the rule; then who, then where.
 */
export function decide(
  policy: WorkspacePolicy,
  actor: Actor,
  action: PolicyAction,
  channelId: string | undefined,
): Decision {
  const rule = policy.actions[action];
  const no = (refusal: Refusal): Decision => ({ allowed: false, rule, refusal });
  if (actor.isExternal) return no('external');
  if (actor.isGuest) return no('guest');
  switch (rule.who.kind) {
    case 'nobody':
      return no('nobody');
    case 'admins':
      if (!actor.isAdmin) return no('admins');
      break;
    case 'groups':
      if (!actor.isAdmin && !rule.who.groupIds.some((g) => actor.groupIds.includes(g))) return no('groups');
      break;
    case 'members':
      break;
  }
  if (rule.channels !== 'any' && (channelId === undefined || !rule.channels.includes(channelId)))
    return no('channel');
  return { allowed: true, rule };
}

/** Whether deciding needs the person's user groups (so Slack is asked only then). */
export function needsGroups(policy: WorkspacePolicy, action: PolicyAction): readonly string[] {
  const who = policy.actions[action].who;
  return who.kind === 'groups' ? who.groupIds : [];
}
