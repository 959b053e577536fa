import type { WorkspaceRef } from '../core/workspace.js';

/** Slash command fields: team_id always, enterprise_id only in Enterprise Grid orgs. */
export function workspaceFromCommand(command: {
  team_id: string;
  enterprise_id?: string | undefined;
}): WorkspaceRef {
  return { teamId: command.team_id, enterpriseId: command.enterprise_id || undefined };
}

interface InteractionBody {
  team?: { id?: string; enterprise_id?: string } | null;
  enterprise?: { id?: string } | null;
  user?: { id?: string; team_id?: string };
}

/**
 * Interaction payloads carry `team` (null on org-wide installs), `enterprise`, and the user's
 * team_id; the first one present names the workspace.
 */
export function workspaceFromBody(body: InteractionBody): WorkspaceRef {
  const teamId = body.team?.id ?? body.user?.team_id ?? body.enterprise?.id ?? 'unknown';
  return { teamId, enterpriseId: body.enterprise?.id ?? body.team?.enterprise_id ?? undefined };
}
