// A Slack workspace (and, for personal and channel connections, a person or a channel in it) as the
// domain names it.

export interface WorkspaceRef {
  teamId: string;
  enterpriseId?: string | undefined;
  /** A person's own platform connection (`/exp login`). */
  userId?: string | undefined;
  /** A channel's (a team's) own platform connection (`/exp connect`, "this channel only"). */
  channelId?: string | undefined;
}

/** A Slack id that would make workspace keys ambiguous (empty, or with ':' or whitespace). */
export class WorkspaceRefError extends Error {
  constructor(
    readonly field: keyof WorkspaceRef,
    readonly value: string,
  ) {
    super(`Invalid workspace reference: ${field} ${JSON.stringify(value)}`);
    this.name = 'WorkspaceRefError';
  }
}

const idPattern = /^[^\s:]{1,64}$/;

/**
 * "T1", "E1:T1"; with a user or a channel always three segments, ":T1:U1", "E1:T1:U1", ":T1:#C1",
 * so the segment count alone tells a workspace from its people and channels, and the `#` a channel
 * from a person. Empty ids count as absent. Also the scope of the dictionary cache.
 */
export function workspaceKey(ref: WorkspaceRef): string {
  const team = checkId('teamId', ref.teamId);
  const enterprise = ref.enterpriseId ? checkId('enterpriseId', ref.enterpriseId) : '';
  if (ref.userId && ref.channelId) throw new WorkspaceRefError('channelId', ref.channelId);
  if (ref.userId) return `${enterprise}:${team}:${checkId('userId', ref.userId)}`;
  if (ref.channelId) return `${enterprise}:${team}:#${checkId('channelId', ref.channelId)}`;
  return enterprise ? `${enterprise}:${team}` : team;
}

/** The reference a workspaceKey stands for; undefined for a string no workspaceKey makes. */
export function parseWorkspaceKey(key: string): WorkspaceRef | undefined {
  const parts = key.split(':');
  try {
    let ref: WorkspaceRef | undefined;
    if (parts.length === 1) ref = { teamId: parts[0] ?? '' };
    else if (parts.length === 2) ref = { enterpriseId: parts[0], teamId: parts[1] ?? '' };
    else if (parts.length === 3) {
      const [enterprise, teamId = '', who = ''] = parts;
      const base = { teamId, ...(enterprise ? { enterpriseId: enterprise } : {}) };
      ref = who.startsWith('#') ? { ...base, channelId: who.slice(1) } : { ...base, userId: who };
    }
    return ref && workspaceKey(ref) === key ? ref : undefined;
  } catch {
    return undefined;
  }
}

/** The workspace itself, without the person or channel a reference may name. */
export function workspaceOnly(ref: WorkspaceRef): WorkspaceRef {
  return { teamId: ref.teamId, enterpriseId: ref.enterpriseId };
}

function checkId(field: keyof WorkspaceRef, value: string): string {
  if (!idPattern.test(value)) throw new WorkspaceRefError(field, value);
  return value;
}
