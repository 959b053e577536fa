import { decodeJwt } from 'jose/jwt/decode';
import type { TokenClaims } from '../core/platform/token-claims.js';

/**
 * What a platform token says about itself, read WITHOUT verifying the signature: only for display
 * and reminders ("expires in 3 days"), never for an access decision. The platform does not document
 * its claim names; assumed: `exp` (standard), scopes in `scope` (space-separated as in OAuth;
 * commas tolerated) or `scopes`/`scp` (array or string), the token's name in `name` or `token_name`,
 * `sub` for the owner.
 * undefined for anything that is not a JWT; never throws.
 */
export function readJwtClaims(token: string): TokenClaims | undefined {
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token.trim());
  } catch {
    return undefined;
  }
  const claims: TokenClaims = {};
  if (typeof payload.exp === 'number' && Number.isFinite(payload.exp)) {
    const expiresAt = new Date(payload.exp * 1000);
    if (!Number.isNaN(expiresAt.getTime())) claims.expiresAt = expiresAt;
  }
  const scopes = readScopes(payload.scope) ?? readScopes(payload.scopes) ?? readScopes(payload.scp);
  if (scopes) claims.scopes = scopes;
  const name = nonEmptyString(payload.name) ?? nonEmptyString(payload.token_name);
  if (name) claims.name = name;
  const subject = nonEmptyString(payload.sub);
  if (subject) claims.subject = subject;
  return claims;
}

function readScopes(value: unknown): string[] | undefined {
  if (typeof value === 'string') {
    const scopes = value.split(/[\s,]+/).filter(Boolean);
    return scopes.length > 0 ? scopes : undefined;
  }
  if (Array.isArray(value)) {
    const scopes = value.filter((s): s is string => typeof s === 'string' && s !== '');
    return scopes.length > 0 ? scopes : undefined;
  }
  return undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
