import { maskUrl } from '../observability/url-secrets.js';
import { StoreConfigError } from './store-errors.js';

export type StoreTarget =
  | { kind: 'memory' }
  | { kind: 'sqlite'; path: string }
  | { kind: 'redis'; url: string }
  | { kind: 'postgres'; url: string };

const usage = 'expected sqlite://PATH, redis://…, rediss://…, postgres://…, postgresql://… or memory://';

/** Reads STORE_URL. Throws StoreConfigError (with its credentials masked) for anything it cannot use. */
export function parseStoreUrl(raw: string): StoreTarget {
  const url = raw.trim();
  const scheme = /^([a-z]+):\/\//i.exec(url)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'memory':
      if (url.length !== 'memory://'.length) throw fail(url, 'memory:// takes no path');
      return { kind: 'memory' };
    case 'sqlite': {
      const path = url.slice('sqlite://'.length);
      if (path === '')
        throw fail(url, 'sqlite:// needs a file path, e.g. sqlite://./data/exp-chatops.sqlite');
      // Each namespace opens its own connection, and every connection to :memory: is a separate
      // database: expiry cleanup would never see the data. memory:// is the in-process store.
      if (path === ':memory:' || path.startsWith('file:')) throw fail(url, 'use a file path (or memory://)');
      return { kind: 'sqlite', path };
    }
    case 'redis':
    case 'rediss':
      return { kind: 'redis', url: checkServerUrl(url) };
    case 'postgres':
    case 'postgresql':
      return { kind: 'postgres', url: checkServerUrl(url) };
    default:
      throw fail(url, usage);
  }
}

function checkServerUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fail(url, 'not a valid URL');
  }
  // postgres:///db?host=/run/postgresql names a Unix socket instead of a host.
  if (parsed.hostname === '' && !parsed.searchParams.has('host')) throw fail(url, 'missing host');
  return url;
}

function fail(url: string, detail: string): StoreConfigError {
  return new StoreConfigError('STORE_URL', `${maskUrl(url)}: ${detail}`);
}
