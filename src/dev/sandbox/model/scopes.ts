// Scope identifiers. Read and manage are stated by the interface; create and update are
// ASSUMPTIONS (interface: "Full identifiers of the create and update scopes: not shown"), named
// after the same `<verb>:experiment:<right>` pattern as the manage scope.

export const SCOPES = {
  /** Stated: dictionaries (and, in the sandbox, GET /experiments/v1/{id}). */
  read: 'read:experiment:read_experiments',
  /** ASSUMPTION: POST /experiments/v1. */
  create: 'edit:experiment:create_experiment',
  /** ASSUMPTION: PATCH /experiments/v1/{id}. */
  update: 'edit:experiment:update_experiment',
  /** Stated: start, stop, archive, unarchive. */
  manage: 'edit:experiment:manage_experiment',
} as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];
export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);

/**
 * ASSUMPTION: a token's scopes travel in the JWT claim `scopes` (array of strings) or `scope`
 * (space-separated string, OAuth style). The sandbox issues `scopes` and accepts both.
 * Tokens are HS256 JWTs with a mandatory `exp`; `jti` identifies a token for revocation.
 */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
