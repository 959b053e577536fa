// Scope identifiers the interface shows: dictionaries require the read scope, the four lifecycle
// actions the manage scope. The identifiers of the create and update rights are "not shown", so the
// app never names them: it says creating and editing need the platform's create and update rights.

export const READ_SCOPE = 'read:experiment:read_experiments';
export const MANAGE_SCOPE = 'edit:experiment:manage_experiment';
const STATED_SCOPES: readonly string[] = [READ_SCOPE, MANAGE_SCOPE];

/**
 * The stated scopes a token lacks, read from the scopes its own claims list (token-claims.ts, read
 * without verification: for telling the admin, never for an access decision). undefined when the
 * token states no scopes: then nothing is known, and the platform stays the judge.
 */
export function missingStatedScopes(scopes: readonly string[] | undefined): string[] | undefined {
  if (scopes === undefined || scopes.length === 0) return undefined;
  return STATED_SCOPES.filter((scope) => !scopes.includes(scope));
}
