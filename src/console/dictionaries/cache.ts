import { randomBytes } from 'node:crypto';
import type { Keyv } from 'keyv';
import type { Logger } from '../../observability/logger.js';
import type { ConsoleExperimentContextPredicatesRequest } from '../schemas.js';
import type { DictionaryName } from '../types.js';
import { withinBudget } from './budget.js';
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

interface DictionaryGetOptions {
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
 * The raw JSON is stored, and normalised once per entry per process (see createNormalisedMemo). The normaliser is a set of guesses about
 * schemas the interface does not show, so it will change; with raw entries a better normaliser
 * applies at once to what is already cached, and replicas of different versions sharing one Redis
 * during a rolling deploy each read the same entry their own way. Normalising thousands of items
 * stays well inside Slack's 3 s even per options request, and items keep `raw` anyway, so a
 * normalised copy would be larger.
 */
export function createDictionaryCache(options: DictionaryCacheOptions): DictionaryCache {
  const { keyv, ttlMs, logger } = options;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
  const now = options.now ?? Date.now;
  const flights = new Map<string, Promise<StoredDictionary>>();
  const { remembered, present } = createNormalisedMemo(now);

  const generations = generationReads(keyv);
  const readGeneration = generations.read;

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

  const fetchAndStore = (
    key: string,
    name: DictionaryName,
    fetcher: DictionaryFetcher,
    body: ConsoleExperimentContextPredicatesRequest | undefined,
  ) => fetchAndStoreEntry({ keyv, ttlMs, logger, now }, key, name, () => fetcher.getDictionary(name, body));

  const load = async (
    scope: string,
    name: DictionaryName,
    fetcher: DictionaryFetcher,
    opts: DictionaryGetOptions,
  ): Promise<CachedDictionary> => {
    const key = await keyFor(scope, name, opts.body);
    // A fetch under way is at least as fresh as the store, refresh or not: join it.
    const inFlight = flights.get(key);
    if (inFlight) return present(key, name, await inFlight);
    if (!opts.refresh) {
      const fresh = remembered(key);
      if (fresh) return fresh;
      const hit = await readEntry(key);
      if (hit) return present(key, name, hit);
    }
    let flight = flights.get(key);
    if (!flight) {
      flight = fetchAndStore(key, name, fetcher, opts.body).finally(() => flights.delete(key));
      flights.set(key, flight);
    }
    return present(key, name, await flight);
  };

  return {
    async get(scope, name, fetcher, opts = {}) {
      const loading = load(scope, name, fetcher, opts);
      if (opts.budgetMs === undefined) return loading;
      return withinBudget(loading, { scope, dictionary: name, budgetMs: opts.budgetMs }, logger);
    },

    async peek(scope, name, body) {
      const key = await keyFor(scope, name, body);
      const hit = await readEntry(key);
      return hit ? present(key, name, hit) : undefined;
    },

    async drop(scope) {
      if (scope.length === 0) throw new TypeError('Dictionary cache scope must not be empty');
      // Not atomic across replicas: two concurrent drops may both write n+1, which still leaves
      // every entry cached before either drop unreachable, and that is all a drop promises.
      generations.forget(scope);
      const next = (await readGeneration(scope)) + 1;
      // ttl 0 = never expires, even when the Keyv has a default ttl: a lost counter would fall
      // back to generation 0 and could revive entries cached before the first drop.
      const taken = await keyv.set(generationKey(scope), next, 0);
      generations.forget(scope);
      if (!taken) logger?.warn('dictionary cache drop was refused by the store', { scope });
    },
  };
}

/**
 * A card's labels read several dictionaries of one scope at once: they share one read of the
 * generation. Only a read already under way is shared, never kept once it settles, so another
 * replica's drop is seen by every read that starts after it; a drop here makes the reads that
 * start after it read again (`forget`).
 */
function generationReads(keyv: Keyv) {
  const flights = new Map<string, Promise<number>>();
  const readStored = async (scope: string): Promise<number> => {
    const stored: unknown = await keyv.get(generationKey(scope));
    return typeof stored === 'number' && Number.isSafeInteger(stored) ? stored : 0;
  };
  return {
    read(scope: string): Promise<number> {
      const inFlight = flights.get(scope);
      if (inFlight) return inFlight;
      const reading = readStored(scope).finally(() => {
        if (flights.get(scope) === reading) flights.delete(scope);
      });
      flights.set(scope, reading);
      return reading;
    },
    forget: (scope: string) => void flights.delete(scope),
  };
}

/** Each cache entry normalised once per process; see the comment inside for why and for how long. */
function createNormalisedMemo(now: () => number) {
  // Normalising is the cost of every options request and grows with the entry, so each cache
  // entry is normalised once per process: keyed by the entry and the
  // fetch that filled it (a refresh is a new fetch), least recently used dropped beyond MEMO_ENTRIES.
  // Reading a large entry back from the store (JSON of 100,000 items) costs as much again, so a
  // memoised entry is served without reading the store for MEMO_RECHECK_MS; after that the store
  // is read again (another replica may have refreshed it) and the memo kept if its rev is the same.
  const memo = new Map<
    string,
    { id: string; value: CachedDictionary; checkedAt: number; expiresAt: number }
  >();
  const remembered = (key: string): CachedDictionary | undefined => {
    const hit = memo.get(key);
    const t = now();
    return hit && t - hit.checkedAt < MEMO_RECHECK_MS && hit.expiresAt > t ? hit.value : undefined;
  };
  const present = (key: string, name: DictionaryName, entry: StoredDictionary): CachedDictionary => {
    const id = entry.rev ?? entry.fetchedAt;
    const known = memo.get(key);
    memo.delete(key);
    if (known && known.id === id) {
      memo.set(key, { ...known, checkedAt: now(), expiresAt: entry.expiresAt });
      return known.value;
    }
    const normalised = normaliseDictionary(name, entry.json);
    // Shared between callers from now on: frozen, so a caller that would change it fails loudly.
    const value: CachedDictionary = Object.freeze({
      ...normalised,
      items: Object.freeze([...normalised.items]) as CachedDictionary['items'],
      fetchedAt: entry.fetchedAt,
    });
    memo.set(key, { id, value, checkedAt: now(), expiresAt: entry.expiresAt });
    if (memo.size > MEMO_ENTRIES) {
      const oldest = memo.keys().next().value;
      if (oldest !== undefined) memo.delete(oldest);
    }
    return value;
  };

  return { remembered, present };
}

/** Stores what the platform answered; a store failure is logged, never thrown. */
async function fetchAndStoreEntry(
  store: { keyv: Keyv; ttlMs: number; logger: Logger | undefined; now: () => number },
  key: string,
  name: DictionaryName,
  fetching: () => Promise<unknown>,
): Promise<StoredDictionary> {
  const { keyv, ttlMs, logger, now } = store;
  const json = await fetching();
  const fetchedAt = now();
  // keyv's serialiser drops undefined properties; null normalises to the same empty dictionary.
  const entry: StoredDictionary = {
    v: 1,
    rev: randomBytes(8).toString('hex'),
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
}

/** Normalised dictionaries kept per process (a few per workspace and form). */
const MEMO_ENTRIES = 64;
/** How long a memoised entry is served without asking the store whether it was refreshed. */
const MEMO_RECHECK_MS = 30_000;
