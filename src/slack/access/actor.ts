import type { webApi } from '@slack/bolt';
import type { Actor } from '../../core/policy/decide.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { Logger } from '../../observability/logger.js';

/**
 * A person's facts are read from Slack (users.info) before anything acts: admin, guest, from
 * another organisation. The check runs before the ack (a refusal is the ack itself), so it is
 * bounded, and remembered for a minute so a burst of clicks costs one look-up.
 */
const ACTOR_LOOKUP_BUDGET_MS = 1_500;
const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 5_000;

interface SlackUser {
  is_admin?: boolean;
  is_owner?: boolean;
  is_primary_owner?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  is_stranger?: boolean;
  team_id?: string;
  enterprise_user?: { enterprise_id?: string; teams?: string[] };
  deleted?: boolean;
  /** With include_locale: "ru-RU", "en-US", … */
  locale?: string;
  tz?: string;
}

/** What else a look-up tells of a person: their language and zone (one users.info serves both). */
interface SlackPersonFacts {
  locale?: string | undefined;
  timeZone?: string | undefined;
  deleted: boolean;
}

/** All of Slack a look-up needs: callers holding only part of a client (the Home tab) can pass it. */
type ActorLookupClient = Pick<webApi.WebClient, 'users' | 'usergroups'>;

export interface ActorDirectory {
  /** undefined when Slack could not say in time: callers refuse rather than guess. */
  actor(
    client: ActorLookupClient,
    workspace: WorkspaceRef,
    userId: string,
    groups: readonly string[],
    /** How long Slack may take; the default fits before an ack. */
    budgetMs?: number,
  ): Promise<Actor | undefined>;
  /**
   * Forgets what was remembered of a person, so the next look-up asks Slack: a request run later
   * (a schedule, an approval) is decided on who they are now, not a minute ago.
   */
  forget(workspace: WorkspaceRef, userId: string): void;
  /** The same remembered look-up, for the person's Slack locale and zone; undefined when Slack could not say. */
  person(
    client: Pick<webApi.WebClient, 'users'>,
    workspace: WorkspaceRef,
    userId: string,
    budgetMs?: number,
  ): Promise<SlackPersonFacts | undefined>;
}

/** An ADMIN_USER_IDS entry: teamId unset means the configured workspace. */
export interface ListedAdmin {
  userId: string;
  teamId?: string | undefined;
}

/** Remembers one more lookup, forgetting the oldest beyond MAX_REMEMBERED. */
function remember<T>(map: Map<string, { at: number } & T>, key: string, value: { at: number } & T): void {
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

export function createActorDirectory(options: {
  /** ADMIN_USER_IDS: each an admin of one workspace only. */
  admins: readonly ListedAdmin[];
  /**
   * The workspace of the app's own bot token (single-workspace modes, from auth.test); undefined
   * in OAuth mode or while Slack cannot say: entries without a team then make nobody an admin.
   */
  configuredWorkspace: () => Promise<WorkspaceRef | undefined>;
  logger: Logger;
  now?: () => number;
}): ActorDirectory {
  const now = options.now ?? Date.now;
  const users = new Map<string, { at: number; user: SlackUser }>();
  const groupMembers = new Map<string, { at: number; members: ReadonlySet<string> }>();
  const userOf = async (
    client: Pick<webApi.WebClient, 'users'>,
    scope: string,
    userId: string,
    budgetMs: number,
  ): Promise<SlackUser | undefined> => {
    const key = `${scope}:${userId}`;
    const known = users.get(key);
    if (known && now() - known.at < REMEMBER_MS) return known.user;
    // include_locale: the language resolver reads the same remembered answer (one call per person).
    const result = await bounded(client.users.info({ user: userId, include_locale: true }), budgetMs);
    if (result === 'late' || !result.user) return undefined;
    const user = result.user as SlackUser;
    remember(users, key, { at: now(), user });
    return user;
  };

  const membersOf = async (
    client: ActorLookupClient,
    scope: string,
    groupId: string,
    budgetMs: number,
  ): Promise<ReadonlySet<string>> => {
    const key = `${scope}:${groupId}`;
    const known = groupMembers.get(key);
    if (known && now() - known.at < REMEMBER_MS) return known.members;
    const result = await bounded(client.usergroups.users.list({ usergroup: groupId }), budgetMs);
    const members = new Set(result === 'late' ? [] : (result.users ?? []));
    if (result !== 'late') remember(groupMembers, key, { at: now(), members });
    return members;
  };

  // Listed for this very workspace: by its team id, or as the configured one (team and organisation).
  const isListedAdmin = async (workspace: WorkspaceRef, userId: string, budgetMs: number) => {
    const entries = options.admins.filter((a) => a.userId === userId);
    if (entries.some((a) => a.teamId === workspace.teamId)) return true;
    if (!entries.some((a) => a.teamId === undefined)) return false;
    const configured = await bounded(options.configuredWorkspace(), budgetMs);
    return (
      configured !== 'late' &&
      configured !== undefined &&
      configured.teamId === workspace.teamId &&
      (configured.enterpriseId || undefined) === (workspace.enterpriseId || undefined)
    );
  };

  return {
    forget(workspace, userId) {
      users.delete(`${scopeOf(workspace)}:${userId}`);
    },
    async person(client, workspace, userId, budgetMs = ACTOR_LOOKUP_BUDGET_MS) {
      try {
        const user = await userOf(client, scopeOf(workspace), userId, budgetMs);
        return user && { locale: user.locale, timeZone: user.tz, deleted: user.deleted === true };
      } catch {
        return undefined;
      }
    },
    async actor(client, workspace, userId, groups, budgetMs = ACTOR_LOOKUP_BUDGET_MS) {
      const scope = scopeOf(workspace);
      try {
        const user = await userOf(client, scope, userId, budgetMs);
        if (!user) return undefined;
        const isExternal = isExternalTo(workspace, user);
        // An admin of another organisation is no admin here, nor is one listed for another workspace.
        const isAdmin =
          !isExternal &&
          (user.is_admin === true ||
            user.is_owner === true ||
            user.is_primary_owner === true ||
            (await isListedAdmin(workspace, userId, budgetMs)));
        const memberOf: string[] = [];
        for (const group of groups)
          if ((await membersOf(client, scope, group, budgetMs)).has(userId)) memberOf.push(group);
        return {
          userId,
          isAdmin,
          isGuest: user.is_restricted === true || user.is_ultra_restricted === true,
          isExternal,
          groupIds: memberOf,
        };
      } catch (error) {
        options.logger.warn('could not read the person from Slack; refusing to act for them', {
          error,
          userId,
        });
        return undefined;
      }
    },
  };
}

const scopeOf = (workspace: WorkspaceRef) =>
  workspace.enterpriseId ? `${workspace.enterpriseId}:${workspace.teamId}` : workspace.teamId;

/** From another organisation (or Slack says a stranger): never an admin here. */
function isExternalTo(workspace: WorkspaceRef, user: SlackUser): boolean {
  const sameOrg =
    user.team_id === workspace.teamId ||
    (workspace.enterpriseId !== undefined && user.enterprise_user?.enterprise_id === workspace.enterpriseId);
  return user.is_stranger === true || !sameOrg;
}

async function bounded<T>(call: Promise<T>, budgetMs: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budgetMs);
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}
