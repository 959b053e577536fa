/**
 * What a platform token says about itself, read without verifying it (src/console/jwt-claims.ts):
 * for telling people (its expiry, its name, the scopes it lists), never for an access decision.
 */
export interface TokenClaims {
  expiresAt?: Date;
  scopes?: string[];
  name?: string;
  subject?: string;
}

/** undefined for a token that says nothing of itself (not a JWT); never throws. */
export type ReadTokenClaims = (token: string) => TokenClaims | undefined;
