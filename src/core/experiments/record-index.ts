import type { UpdateStored } from '../stored-values.js';

/** How many experiments a workspace's index keeps; the least recently touched fall off. */
export const MAX_INDEXED = 1000;

export const indexKey = (scope: string) => `index:${scope}`;

/**
 * The index's ids, or undefined when the stored value is not an index. Checked by hand rather than
 * by a schema: every record update reads the index (up to MAX_INDEXED ids), and a schema walks each
 * id through its checks at many times the cost of this loop.
 */
export function indexIds(stored: unknown): number[] | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { v, ids } = stored as { v?: unknown; ids?: unknown };
  if (v !== 1 || !Array.isArray(ids) || ids.length > MAX_INDEXED) return undefined;
  for (const id of ids) if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return ids as number[];
}

/** The index with `added` (oldest first) put at the front, unless it already lists them all. */
function withIds(stored: unknown, added: readonly number[]): { next: unknown; result: undefined } {
  const listed = indexIds(stored);
  const missing = added.filter((id) => !listed?.includes(id));
  if (listed && missing.length === 0) return { next: stored, result: undefined };
  // One copy of the (up to 1,000) listed ids, cut in place: this runs on every new experiment.
  const ids = [...new Set(missing)].reverse().concat(listed ?? []);
  if (ids.length > MAX_INDEXED) ids.length = MAX_INDEXED;
  return { next: { v: 1, ids }, result: undefined };
}

interface Batch {
  ids: number[];
  /** The index as its adders last read it, if they did: the first swap is tried against it. */
  known: { value: unknown } | undefined;
  written: Promise<void>;
}

/**
 * Puts new ids at the front of their workspace's index by compare-and-set, so another replica's
 * addition is built on, never overwritten. Additions that arrive while one is being written wait
 * and are written together by the next: a burst of new experiments costs one index write per turn,
 * not one each (every write carries the whole index, up to MAX_INDEXED ids).
 */
export function createIndexAdder(update: UpdateStored) {
  const open = new Map<string, Batch>();
  const last = new Map<string, Promise<void>>();

  /** `known`: the index as the caller just read it (value undefined: none stored), if it did. */
  return function add(scope: string, id: number, known?: { value: unknown }): Promise<void> {
    const joinable = open.get(scope);
    if (joinable) {
      joinable.ids.push(id);
      if (joinable.known !== undefined) joinable.known = known ?? joinable.known;
      return joinable.written;
    }
    const waiting = last.get(scope);
    // Behind a write of this process's own, what its callers read is out of date: read afresh then.
    const batch: Batch = { ids: [id], known: waiting ? undefined : known, written: Promise.resolve() };
    const written = (waiting ?? Promise.resolve()).then(() => {
      open.delete(scope);
      return update(indexKey(scope), (stored) => withIds(stored, batch.ids), { known: batch.known });
    });
    batch.written = written;
    open.set(scope, batch);
    const settled = written.catch(() => undefined);
    last.set(scope, settled);
    void settled.then(() => {
      if (last.get(scope) === settled) last.delete(scope);
    });
    return written;
  };
}
