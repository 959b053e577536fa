import { randomUUID } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { ALL_SCOPES, DEFAULT_TOKEN_LIFETIME_SECONDS } from './model/scopes.js';

export interface IssueTokenOptions {
  scopes?: string[];
  /** From now; zero or negative issues an already expired token (for tests). */
  expiresInSeconds?: number;
  name?: string;
  subject?: string;
}

type TokenCheck = { ok: true; scopes: ReadonlySet<string>; subject: string | undefined } | { ok: false };

export interface TokenAuthority {
  issue(options?: IssueTokenOptions): Promise<string>;
  revoke(token: string): void;
  verify(token: string): Promise<TokenCheck>;
}

/** HS256 JWTs with a mandatory exp; revocation by jti kept in the shared revoked set. */
export function createTokenAuthority(options: { secret: Uint8Array; revoked: Set<string> }): TokenAuthority {
  const { secret, revoked } = options;
  return {
    async issue(opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ scopes: opts.scopes ?? [...ALL_SCOPES], name: opts.name ?? 'sandbox token' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(opts.subject ?? 'sandbox-user')
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + (opts.expiresInSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS))
        .sign(secret);
    },
    revoke(token) {
      revoked.add(revocationKey(token));
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
        });
        if (revoked.has(revocationKey(token))) return { ok: false };
        const scopes = readScopes(payload.scopes ?? payload.scope);
        if (scopes === undefined) return { ok: false };
        return { ok: true, scopes, subject: payload.sub };
      } catch {
        return { ok: false };
      }
    },
  };
}

function revocationKey(token: string): string {
  try {
    const { jti } = decodeJwt(token);
    return typeof jti === 'string' ? `jti:${jti}` : `raw:${token}`;
  } catch {
    return `raw:${token}`;
  }
}

/** `scopes` as an array of strings, or `scope` as a space-separated string; anything else is invalid. */
function readScopes(claim: unknown): ReadonlySet<string> | undefined {
  if (typeof claim === 'string') return new Set(claim.split(' ').filter(Boolean));
  if (Array.isArray(claim) && claim.every((s) => typeof s === 'string')) return new Set(claim);
  return undefined;
}
