import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readJwtClaims } from './jwt-claims.js';

function jwt(payload: Record<string, unknown>): string {
  return new UnsecuredJWT(payload).encode();
}

describe('readJwtClaims', () => {
  it('reads expiry, space-separated scope, name and subject', () => {
    const claims = readJwtClaims(
      jwt({
        exp: 1_900_000_000,
        scope: 'read:experiment:read_experiments  edit:experiment:manage_experiment',
        name: 'slack bot',
        sub: 'user-42',
      }),
    );
    expect(claims).toEqual({
      expiresAt: new Date(1_900_000_000_000),
      scopes: ['read:experiment:read_experiments', 'edit:experiment:manage_experiment'],
      name: 'slack bot',
      subject: 'user-42',
    });
  });

  it('reads scopes from a `scopes` array or an `scp` string or array', () => {
    expect(readJwtClaims(jwt({ scopes: ['a', 'b'] }))?.scopes).toEqual(['a', 'b']);
    expect(readJwtClaims(jwt({ scp: 'a b' }))?.scopes).toEqual(['a', 'b']);
    expect(readJwtClaims(jwt({ scp: ['c'] }))?.scopes).toEqual(['c']);
  });

  it('does not verify the signature (a token signed by anyone is still read)', () => {
    const [header, payload] = jwt({ sub: 'x' }).split('.');
    expect(readJwtClaims(`${header}.${payload}.bm90LWEtc2lnbmF0dXJl`)?.subject).toBe('x');
  });

  it('returns an empty object for a JWT without the claims, ignoring ill-typed ones', () => {
    expect(readJwtClaims(jwt({}))).toEqual({});
    expect(readJwtClaims(jwt({ exp: 'soon', scope: 42, name: '', sub: 7 }))).toEqual({});
  });

  it.each(['', 'not a token', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30', 'xoxb-123-456'])(
    'returns undefined for %j and never throws',
    (token) => {
      expect(readJwtClaims(token)).toBeUndefined();
    },
  );
});
