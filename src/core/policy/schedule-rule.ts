import { type Actor, groupsOf, whoIncludes } from './decide.js';
import type { WorkspacePolicy } from './policy.js';

/**
 * Who may schedule (`/exp policy set schedule …`), on top of being allowed the action itself:
 * unset, whoever may do the action may schedule it. Pure, like decide().
 */
export function maySchedule(policy: WorkspacePolicy, actor: Actor): boolean {
  const who = policy.schedule;
  if (who === undefined) return true;
  if (actor.isExternal || actor.isGuest) return false;
  return whoIncludes(who, actor);
}

/** The user groups deciding needs (so Slack is asked only then). */
export function scheduleGroups(policy: WorkspacePolicy): readonly string[] {
  return groupsOf(policy.schedule);
}
