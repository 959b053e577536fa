import type { Keyv } from 'keyv';

/**
 * One stored value read, changed and written only over what was read (the store's compare-and-set,
 * store/conditional-update.ts): `change` is applied again to whatever another writer put there
 * meanwhile. `next` undefined deletes the key; `next` the very value read writes nothing.
 */
export type UpdateStored = <T>(
  key: string,
  change: (current: unknown) => { next: unknown; result: T },
  /**
   * `ttlMs`: what is written expires that long after, as Keyv's `set(key, value, ttl)`. `known`:
   * what the caller has just read of the key (`value` undefined: absent), swapped against first
   * instead of reading the key again; out of date, it costs that attempt only.
   */
  options?: { ttlMs?: number | undefined; known?: { value: unknown } | undefined },
) => Promise<T>;

/** A namespace's Keyv and its compare-and-set, as the domain's stores take them. */
export interface StoredValues {
  keyv: Keyv;
  update: UpdateStored;
}

/**
 * Lists of ids, each ordered by when an id was last touched, the most recent first, and kept to a
 * length: touching writes one id, whatever the list's length (store/recent-lists.ts).
 */
export interface RecentLists {
  /** Puts `member` at the head of `list` (moved there if listed) and keeps the `keep` most recent. */
  touch(list: string, member: string, options: { at: number; keep: number }): Promise<void>;
  /** The most recently touched first, at most `limit`. */
  read(list: string, limit: number): Promise<string[]>;
  /** Forgets the whole list. */
  drop(list: string): Promise<void>;
}
