/**
 * What this process could not write to its store (an outage, a restart), kept in its memory and
 * written once the store takes writes again. By key: a second failure for a key merges into what is
 * kept for it. Bounded: past `max` keys the one kept longest is dropped and handed to `dropped`,
 * whose caller logs what is lost; a process that stops loses what it kept (it was logged when kept).
 */
export interface KeptWrites<T> {
  /** Keeps `value` for `key`, merged after what is already kept for it. */
  keep(key: string, value: T): void;
  /** Removes and returns what is kept for `key`: its caller writes it, or keeps it again. */
  take(key: string): T | undefined;
  peek(key: string): T | undefined;
  /** Forgets every key starting with `prefix` (a workspace's data, once it is cleared). */
  forgetUnder(prefix: string): void;
  /**
   * Hands each kept value to `write`, the longest kept first: the caller's usual write, which keeps
   * again what it fails to write (as it kept it the first time) and rejects. The round ends at the
   * first failure, the store being still away: the next round tries again. Resolves with how many
   * are still kept.
   */
  writeAll(write: (key: string, value: T) => Promise<void>): Promise<number>;
  readonly size: number;
}

export interface KeptWritesOptions<T> {
  max: number;
  merge(earlier: T, later: T): T;
  dropped(key: string, value: T): void;
}

export function createKeptWrites<T>(options: KeptWritesOptions<T>): KeptWrites<T> {
  const kept = new Map<string, T>();
  const keep = (key: string, value: T) => {
    const earlier = kept.get(key);
    kept.set(key, earlier === undefined ? value : options.merge(earlier, value));
    if (kept.size <= options.max) return;
    const [oldest] = kept;
    if (!oldest) return;
    kept.delete(oldest[0]);
    options.dropped(oldest[0], oldest[1]);
  };
  const take = (key: string) => {
    const value = kept.get(key);
    kept.delete(key);
    return value;
  };
  return {
    keep,
    take,
    peek: (key) => kept.get(key),
    forgetUnder(prefix) {
      for (const key of [...kept.keys()]) if (key.startsWith(prefix)) kept.delete(key);
    },
    async writeAll(write) {
      for (const key of [...kept.keys()]) {
        const value = take(key);
        if (value === undefined) continue;
        try {
          await write(key, value);
        } catch {
          break;
        }
      }
      return kept.size;
    },
    get size() {
      return kept.size;
    },
  };
}
