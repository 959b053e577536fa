import type { Keyv } from 'keyv';
import type { Logger } from '../../observability/logger.js';
import type { ConsoleExperimentContextPredicatesRequest } from '../schemas.js';
import type { DictionaryName } from '../types.js';
import { DictionaryBudgetExceededError, withinBudget } from './budget.js';
import {
  bodyHash,
  entryKey,
  generationKey,
  isStoredDictionary,
  type StoredDictionary,
} from './cache-keys.js';
import { type NormalisedDictionary, normaliseDictionary } from './normalise.js';

export { DictionaryBudgetExceededError } from './budget.js';

/** ConsoleApi satisfies this. */
export interface DictionaryFetcher {
  getDictionary(name: DictionaryName, body?: ConsoleExperimentContextPredicatesRequest): Promise<unknown>;
}

export interface DictionaryCacheOptions {
  keyv: Keyv;
  ttlMs: number;
  logger?: Logger;
  /** Clock for fetchedAt and the entry's own expiry check; keyv's TTL runs on the real clock. */
  now?: () => number;
}

export interface CachedDictionary extends NormalisedDictionary {
  fetchedAt: string;
}

export interface DictionaryGetOptions {
  /** Skip the cached entry and fetch (joining a fetch already under way for the same key). */
  refresh?: boolean;
  body?: ConsoleExperimentContextPredicatesRequest;
  /** Give up waiting after this long; the fetch carries on and fills the cache when it ends. */
  budgetMs?: number;
}

export interface DictionaryCache {
  get(
    scope: string,
    name: DictionaryName,
    fetcher: DictionaryFetcher,
    opts?: DictionaryGetOptions,
  ): Promise<CachedDictionary>;
  /** Cache only, never fetches: options handlers must answer within 3 s. */
  peek(
    scope: string,
    name: DictionaryName,
    body?: ConsoleExperimentContextPredicatesRequest,
  ): Promise<CachedDictionary | undefined>;
  /** Drops every dictionary of the scope (workspace), e.g. after a validation 400. */
  drop(scope: string): Promise<void>;
}

/**
 * The raw JSON is stored and normalised on every read. The normaliser is a set of guesses about
 * schemas the interface does not show, so it will change; with raw entries a better normaliser
 * applies at once to what is already cached, and replicas of different versions sharing one Redis
 * during a rolling deploy each read the same entry their own way. Normalising costs a few ms for
 * thousands of items (bench/: ~4 ms for 2,500 metrics, ~46 ms for 20,000) — well inside Slack's
 * 3 s even per options request — and items keep `raw` anyway, so a normalised copy would be larger.
 */
export function createDictionaryCache(options: DictionaryCacheOptions): DictionaryCache {
  const { keyv, ttlMs, logger } = options;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
  const now = options.now ?? Date.now;
  const flights = new Map<string, Promise<StoredDictionary>>();

  const readGeneration = async (scope: string): Promise<number> => {
    const stored: unknown = await keyv.get(generationKey(scope));
    return typeof stored === 'number' && Number.isSafeInteger(stored) ? stored : 0;
  };

  const keyFor = async (
    scope: string,
    name: DictionaryName,
    body?: ConsoleExperimentContextPredicatesRequest,
  ) => {
    if (scope.length === 0) throw new TypeError('Dictionary cache scope must not be empty');
    return entryKey(scope, await readGeneration(scope), name, bodyHash(body));
  };

  const readEntry = async (key: string): Promise<StoredDictionary | undefined> => {
    const stored: unknown = await keyv.get(key);
    // Entries of another format (an older release) are misses, not errors.
    return isStoredDictionary(stored) && stored.expiresAt > now() ? stored : undefined;
  };

  const fetchAndStore = async (
    key: string,
    name: DictionaryName,
    fetcher: DictionaryFetcher,
    body: ConsoleExperimentContextPredicatesRequest | undefined,
  ): Promise<StoredDictionary> => {
    const json = await fetcher.getDictionary(name, body);
    const fetchedAt = now();
    // keyv's serialiser drops undefined properties; null normalises to the same empty dictionary.
    const entry: StoredDictionary = {
      v: 1,
      fetchedAt: new Date(fetchedAt).toISOString(),
      expiresAt: fetchedAt + ttlMs,
      json: json ?? null,
    };
    // A store failure must not cost the caller a dictionary the platform did give us.
    try {
      if (!(await keyv.set(key, entry, ttlMs)))
        logger?.warn('dictionary cache write refused', { dictionary: name });
    } catch (error) {
      logger?.warn('dictionary cache write failed', { dictionary: name, error });
    }
    return entry;
  };

  const load = async (
    scope: string,
    name: DictionaryName,
    fetcher: DictionaryFetcher,
    opts: DictionaryGetOptions,
  ): Promise<CachedDictionary> => {
    const key = await keyFor(scope, name, opts.body);
    // A fetch under way is at least as fresh as the store, refresh or not: join it.
    const inFlight = flights.get(key);
    if (inFlight) return present(name, await inFlight);
    if (!opts.refresh) {
      const hit = await readEntry(key);
      if (hit) return present(name, hit);
    }
    let flight = flights.get(key);
    if (!flight) {
      flight = fetchAndStore(key, name, fetcher, opts.body).finally(() => flights.delete(key));
      flights.set(key, flight);
    }
    return present(name, await flight);
  };

  return {
    async get(scope, name, fetcher, opts = {}) {
      const loading = load(scope, name, fetcher, opts);
      if (opts.budgetMs === undefined) return loading;
      return withinBudget(loading, new DictionaryBudgetExceededError(scope, name, opts.budgetMs), logger);
    },

    async peek(scope, name, body) {
      const hit = await readEntry(await keyFor(scope, name, body));
      return hit ? present(name, hit) : undefined;
    },

    async drop(scope) {
      if (scope.length === 0) throw new TypeError('Dictionary cache scope must not be empty');
      // Not atomic across replicas: two concurrent drops may both write n+1, which still leaves
      // every entry cached before either drop unreachable, and that is all a drop promises.
      const next = (await readGeneration(scope)) + 1;
      // ttl 0 = never expires, even when the Keyv has a default ttl: a lost counter would fall
      // back to generation 0 and could revive entries cached before the first drop.
      if (!(await keyv.set(generationKey(scope), next, 0))) {
        logger?.warn('dictionary cache drop was refused by the store', { scope });
      }
    },
  };
}

function present(name: DictionaryName, entry: StoredDictionary): CachedDictionary {
  return { ...normaliseDictionary(name, entry.json), fetchedAt: entry.fetchedAt };
}
