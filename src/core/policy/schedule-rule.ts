import type { Actor } from './decide.js';
import type { WorkspacePolicy } from './policy.js';

/**
 * Who may schedule (`/exp policy set schedule …`), on top of being allowed the action itself:
 * unset, whoever may do the action may schedule it. Pure, like decide().
 */
export function maySchedule(policy: WorkspacePolicy, actor: Actor): boolean {
  const who = policy.schedule;
  if (who === undefined) return true;
  if (actor.isExternal || actor.isGuest) return false;
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

/** The user groups deciding needs (so Slack is asked only then). */
export function scheduleGroups(policy: WorkspacePolicy): readonly string[] {
  return policy.schedule?.kind === 'groups' ? policy.schedule.groupIds : [];
}
