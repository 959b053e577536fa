import type { Context, webApi } from '@slack/bolt';
import type { WorkspaceRef } from '../../core/workspace.js';

/**
 * Which workspace (or organisation) the app's own token serves, as auth.test says: in
 * single-workspace mode Bolt fills the context's team from the request itself, so only the token
 * can tell that a workflow runs somewhere the app was never installed for. Remembered a while per
 * token, so a burst of steps costs one call.
 */
const REMEMBER_MS = 5 * 60_000;
const MAX_REMEMBERED = 1_000;

type InstalledCheck = 'same' | 'other' | 'unknown';

export interface InstalledWorkspaces {
  /** Whether the event's workspace is the one the authorising token belongs to. */
  check(client: webApi.WebClient, context: Context, workspace: WorkspaceRef): Promise<InstalledCheck>;
}

export function createInstalledWorkspaces(now: () => number = Date.now): InstalledWorkspaces {
  const known = new Map<string, { at: number; ref: WorkspaceRef }>();
  const installedFor = async (client: webApi.WebClient, token: string): Promise<WorkspaceRef> => {
    const hit = known.get(token);
    if (hit && now() - hit.at < REMEMBER_MS) return hit.ref;
    const auth = await client.auth.test({ token });
    const ref = { teamId: auth.team_id ?? '', enterpriseId: auth.enterprise_id || undefined };
    if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value as string);
    known.set(token, { at: now(), ref });
    return ref;
  };
  return {
    async check(client, context, workspace) {
      const token = context.botToken;
      if (token === undefined) return 'unknown';
      let installed: WorkspaceRef;
      try {
        installed = await installedFor(client, token);
      } catch {
        return 'unknown';
      }
      const sameOrg = installed.enterpriseId === workspace.enterpriseId;
      // An org-wide install serves every workspace of its organisation.
      if (context.isEnterpriseInstall === true) return sameOrg && installed.enterpriseId ? 'same' : 'other';
      return sameOrg && installed.teamId === workspace.teamId ? 'same' : 'other';
    },
  };
}
