import { createHash } from 'node:crypto';
import type { ConsoleExperimentContextPredicatesRequest } from '../schemas.js';
import type { DictionaryName } from '../types.js';

// keyv has no portable delete-by-prefix, so a scope (workspace) is dropped by bumping its
// generation: entries carry the generation in their key and the old ones are simply never read
// again, leaving the store's TTL to remove them.

export function generationKey(scope: string): string {
  return `dict:gen:${scope}`;
}

export function entryKey(scope: string, generation: number, name: DictionaryName, bodyHash: string): string {
  return `dict:${scope}:${generation}:${name}:${bodyHash}`;
}

/**
 * Both request fields are optional, so an absent body, `{}` and fields set to undefined ask the
 * same question and share "-". null is kept distinct from absent: the interface allows both and
 * does not say they mean the same thing.
 */
export function bodyHash(body: ConsoleExperimentContextPredicatesRequest | undefined): string {
  if (body === undefined) return '-';
  const fields = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (fields.length === 0) return '-';
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 16);
}

/** What goes into keyv: the platform's JSON as received, plus when it was fetched. */
export interface StoredDictionary {
  v: 1;
  /** Names this fetch (random): what the normalised copy is remembered by. Absent in older entries. */
  rev?: string;
  fetchedAt: string;
  expiresAt: number;
  json: unknown;
}

export function isStoredDictionary(value: unknown): value is StoredDictionary {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<StoredDictionary>;
  return (
    entry.v === 1 &&
    typeof entry.fetchedAt === 'string' &&
    typeof entry.expiresAt === 'number' &&
    'json' in entry
  );
}
