import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskUrl, secretsOfUrl } from './url-secrets.js';

// Secrets are drawn with an upper-case letter and everything else in the URL without one, so a
// secret found in the output can only have come through from where it was.

const secretValue = fc
  .string({ minLength: 6, maxLength: 24, unit: 'grapheme-ascii' })
  .filter((s) => /[A-Z]/.test(s));
const lower = (min: number, max: number) => fc.stringMatching(new RegExp(`^[a-z0-9]{${min},${max}}$`));
/** The query keys the masking must know for secrets, in any case, and names that hold them. */
const secretKey = fc
  .tuple(
    fc.constantFrom('password', 'pass', 'secret', 'token', 'key'),
    fc.constantFrom('', 'ssl', 'access_', 'api-', 'client_'),
    fc.boolean(),
  )
  .map(([word, prefix, upper]) => `${prefix}${upper ? word.toUpperCase() : word}`);
const plainKey = lower(1, 8).filter((k) => !/pass|secret|token|key/i.test(k));
const param = fc.oneof(
  fc.record({ key: secretKey, value: secretValue, secret: fc.constant(true) }),
  fc.record({ key: plainKey, value: lower(0, 10), secret: fc.constant(false) }),
);

const urlParts = fc.record({
  scheme: fc.constantFrom('redis', 'rediss', 'postgres', 'postgresql', 'http', 'https'),
  user: fc.option(secretValue, { nil: undefined }),
  password: fc.option(secretValue, { nil: undefined }),
  host: fc.oneof(fc.domain(), fc.ipV4()),
  port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  path: fc.array(lower(1, 8), { maxLength: 3 }),
  params: fc.array(param, { maxLength: 5 }),
});
type UrlParts = typeof urlParts extends fc.Arbitrary<infer T> ? T : never;

function urlOf(parts: UrlParts): string {
  const user = parts.user === undefined ? '' : encodeURIComponent(parts.user);
  const password = parts.password === undefined ? '' : `:${encodeURIComponent(parts.password)}`;
  const userInfo = user === '' && password === '' ? '' : `${user}${password}@`;
  const port = parts.port === undefined ? '' : `:${parts.port}`;
  const query = new URLSearchParams(parts.params.map((p): [string, string] => [p.key, p.value])).toString();
  return `${parts.scheme}://${userInfo}${parts.host}${port}/${parts.path.join('/')}${query ? `?${query}` : ''}`;
}

/** Each way a value may be written in a URL: as it is, percent-encoded, form-encoded. */
const spellings = (value: string) => [
  value,
  encodeURIComponent(value),
  new URLSearchParams([['', value]]).toString().slice(1),
];

const secretsIn = (parts: UrlParts) => [
  ...[parts.user, parts.password].filter((s): s is string => s !== undefined),
  ...parts.params.filter((p) => p.secret).map((p) => p.value),
];

describe('maskUrl', () => {
  it('lets no secret of the user info or of a secret-named query key through', () => {
    fc.assert(
      fc.property(urlParts, (parts) => {
        const masked = maskUrl(urlOf(parts));
        for (const secret of secretsIn(parts))
          for (const spelling of spellings(secret)) expect(masked).not.toContain(spelling);
      }),
    );
  });

  it('keeps the rest of the URL: scheme, host, port, path, every key, and the values of the others', () => {
    fc.assert(
      fc.property(urlParts, (parts) => {
        const original = new URL(urlOf(parts));
        const masked = new URL(maskUrl(urlOf(parts)));
        expect([masked.protocol, masked.host, masked.pathname]).toEqual([
          original.protocol,
          original.host,
          original.pathname,
        ]);
        expect(masked.username).toBe(parts.user === undefined ? '' : '***');
        expect(masked.password).toBe(parts.password === undefined ? '' : '***');
        expect([...masked.searchParams]).toEqual(
          parts.params.map((p) => [p.key, p.secret ? '***' : p.value]),
        );
      }),
    );
  });

  it('keeps only the scheme of a text that does not parse as a URL', () => {
    expect(maskUrl('postgresql://user:s3cret-Pass@[not-a-host/db')).toBe('postgresql:…');
    expect(maskUrl('redis://:s3cret-Pass@ho st:6379')).toBe('redis:…');
    expect(maskUrl(':s3cret-Pass@host')).toBe('(unparseable)');
  });

  it('masks secret-named keys of the fragment too', () => {
    expect(maskUrl('https://example.test/cb#access_token=Abc123xyz&state=s1')).toBe(
      'https://example.test/cb#access_token=***&state=s1',
    );
  });
});

describe('secretsOfUrl', () => {
  it('names every secret a URL carries, decoded, for masking in free text', () => {
    expect(secretsOfUrl('redis://us%40er:p%2Fss-Word@h:1/0?Password=q1-Secret&db=2&api_key=k%20y')).toEqual([
      'us@er',
      'p/ss-Word',
      'q1-Secret',
      'k y',
    ]);
    expect(secretsOfUrl('redis://h:1/0')).toEqual([]);
    expect(secretsOfUrl('not a url')).toEqual([]);
  });
});
