// A Slack workspace (and, for personal connections, a person in it) as the domain names it.

export interface WorkspaceRef {
  teamId: string;
  enterpriseId?: string | undefined;
  /** Reserved: personal connections keyed by workspace and user. */
  userId?: string | undefined;
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
 * "T1", "E1:T1"; with a user always three segments, ":T1:U1" or "E1:T1:U1", so the segment count
 * alone tells the forms apart. Empty ids count as absent. Also the scope of the dictionary cache.
 */
export function workspaceKey(ref: WorkspaceRef): string {
  const team = checkId('teamId', ref.teamId);
  const enterprise = ref.enterpriseId ? checkId('enterpriseId', ref.enterpriseId) : '';
  if (ref.userId) return `${enterprise}:${team}:${checkId('userId', ref.userId)}`;
  return enterprise ? `${enterprise}:${team}` : team;
}

function checkId(field: keyof WorkspaceRef, value: string): string {
  if (!idPattern.test(value)) throw new WorkspaceRefError(field, value);
  return value;
}
