import { deserialize, serialize } from './keyv-json.js';
import { recentListsIn } from './recent-lists.js';
import type { ConditionalWrites, Store } from './store-types.js';

/** A key kept changing under other writers for every attempt: nothing of this update was written. */
class ConditionalUpdateError extends Error {
  constructor(
    readonly namespace: string,
    readonly key: string,
    readonly attempts: number,
  ) {
    super(`${namespace}:${key} changed under every one of ${attempts} attempts to update it`);
    this.name = 'ConditionalUpdateError';
  }
}

/** What a change decides: the next value (`undefined` deletes; the same value as read writes nothing). */
export interface Change<T> {
  next: unknown;
  result: T;
}

const ATTEMPTS = 20;

/**
 * Before another attempt: a random wait that grows with the attempts, so writers that met do not
 * meet again in step (with none, 30 at once left some losing all 20 attempts).
 */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));

/** The value in Keyv's stored form (`{"value":…}`), undefined when absent, expired or unreadable. */
function decode(raw: string | undefined, now: number): unknown {
  if (raw === undefined) return undefined;
  try {
    const stored = deserialize<{ value?: unknown; expires?: unknown }>(raw);
    if (typeof stored?.expires === 'number' && stored.expires < now) return undefined;
    return stored?.value;
  } catch {
    return undefined;
  }
}

export interface UpdateOptions {
  /** The written value expires that long after the write, as Keyv's `set(key, value, ttl)`. */
  ttlMs?: number | undefined;
  /**
   * What the caller has just read of the key (`value` undefined: absent): the first attempt swaps
   * against it instead of reading the key again. A guess that is out of date, or that was stored
   * with an expiry, fails that swap only; the next attempt reads.
   */
  known?: { value: unknown } | undefined;
}

/** The key's stored form and value to swap against: the caller's `known` first, then what is read. */
async function currentOf(
  writes: ConditionalWrites,
  namespace: string,
  key: string,
  known: { value: unknown } | undefined,
): Promise<{ raw: string | undefined; current: unknown }> {
  if (known !== undefined)
    return {
      raw: known.value === undefined ? undefined : serialize({ value: known.value }),
      current: known.value,
    };
  const raw = await writes.read(namespace, key);
  return { raw, current: decode(raw, Date.now()) };
}

/**
 * Reads the key's value, applies `change` and writes the result only if the key still holds what
 * was read; otherwise reads again and re-applies, so a concurrent writer's change is built on, never
 * overwritten. The value is written as Keyv writes one (with its expiry when `ttlMs` is given), so
 * Keyv reads it as usual.
 */
export async function updateConditionally<T>(
  writes: ConditionalWrites,
  namespace: string,
  key: string,
  change: (current: unknown) => Change<T>,
  options: UpdateOptions = {},
): Promise<T> {
  const { ttlMs } = options;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const { raw, current } = await currentOf(
      writes,
      namespace,
      key,
      attempt === 0 ? options.known : undefined,
    );
    const { next, result } = change(current);
    if (next === current) return result;
    const nextRaw =
      next === undefined
        ? undefined
        : serialize(ttlMs === undefined ? { value: next } : { value: next, expires: Date.now() + ttlMs });
    if (await writes.swap(namespace, key, raw, nextRaw, ttlMs)) return result;
  }
  throw new ConditionalUpdateError(namespace, key, ATTEMPTS);
}

/** One namespace's Keyv and its compare-and-set update, as the subscription store takes them. */
export function storedValues(store: Pick<Store, 'keyv' | 'conditional'>, namespace: string) {
  return {
    keyv: store.keyv(namespace),
    update: <T>(key: string, change: (current: unknown) => Change<T>, options?: UpdateOptions) =>
      updateConditionally(store.conditional, namespace, key, change, options),
  };
}

/** storedValues with the namespace's recent lists (store/recent-lists.ts), as the experiment records take them. */
export function listedValues(store: Pick<Store, 'keyv' | 'conditional' | 'recent'>, namespace: string) {
  return { ...storedValues(store, namespace), recent: recentListsIn(store, namespace) };
}
