// A URL from the configuration (STORE_URL, the platform's base URL) may carry credentials in its
// user info (redis://:password@host, or a token as the user name) or in its query
// (postgres://host/db?password=…, ?token=…): one function masks them wherever such a URL is
// logged or put in an error.

const MASK = '***';

/** Query (or fragment) keys whose values are secrets: any key holding one of these words, in any case. */
const SECRET_KEY = /pass|secret|token|key/i;

/**
 * The URL with its user info (user name and password) and the values of its secret-named query and
 * fragment keys replaced by `***`; the rest kept as the URL parser reads it. A text that does not
 * parse as a URL keeps only its scheme: the rest may hold credentials where no parser would look.
 */
export function maskUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0];
    return scheme ? `${scheme}…` : '(unparseable)';
  }
  if (parsed.username !== '') parsed.username = MASK;
  if (parsed.password !== '') parsed.password = MASK;
  if (parsed.search !== '') parsed.search = maskedPairs(parsed.search.slice(1));
  if (parsed.hash.includes('=')) parsed.hash = maskedPairs(parsed.hash.slice(1));
  return parsed.toString();
}

/**
 * The secret values a URL carries (decoded, as a driver may quote them in an error's message), for
 * masking in free text that does not hold the URL itself.
 */
export function secretsOfUrl(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const pairs = [...parsed.searchParams, ...new URLSearchParams(parsed.hash.slice(1))];
  const values = [
    decoded(parsed.username),
    decoded(parsed.password),
    ...pairs.filter(([key]) => SECRET_KEY.test(key)).map(([, value]) => value),
  ];
  return values.filter((value) => value !== '');
}

function maskedPairs(text: string): string {
  const pairs = [...new URLSearchParams(text)].map(([key, value]): [string, string] => [
    key,
    SECRET_KEY.test(key) && value !== '' ? MASK : value,
  ]);
  return new URLSearchParams(pairs).toString();
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
