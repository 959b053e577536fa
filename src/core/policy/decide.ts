import type { ActionRule, PolicyAction, Who, WorkspacePolicy } from './policy.js';

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
  const { who } = rule;
  if (who.kind !== 'members' && !whoIncludes(who, actor)) return no(who.kind);
  if (rule.channels !== 'any' && (channelId === undefined || !rule.channels.includes(channelId)))
    return no('channel');
  return { allowed: true, rule };
}

/**
 * Whether a full member is among `who` (guests and people from another organisation are decided on
 * before this). Admins are in every group rule: they can always step in.
 */
export function whoIncludes(who: Who, actor: Actor): boolean {
  switch (who.kind) {
    case 'members':
      return true;
    case 'nobody':
      return false;
    case 'admins':
      return actor.isAdmin;
    case 'groups':
      return actor.isAdmin || who.groupIds.some((g) => actor.groupIds.includes(g));
  }
}

/** The user groups `who` names (so Slack is asked for a person's groups only when a rule needs them). */
export const groupsOf = (who: Who | undefined): readonly string[] =>
  who?.kind === 'groups' ? who.groupIds : [];

/** Whether deciding needs the person's user groups (so Slack is asked only then). */
export function needsGroups(policy: WorkspacePolicy, action: PolicyAction): readonly string[] {
  return groupsOf(policy.actions[action].who);
}
