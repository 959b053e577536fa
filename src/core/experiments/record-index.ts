// A workspace's experiments are listed in a recent list of the store (store/recent-lists.ts), the
// most recently written first. Versions before it kept a JSON index under `index:<scope>` (one value
// of up to MAX_INDEXED ids, read by every record update and written whole by every new experiment);
// what such an index lists is still read, after the list's own ids, until the workspace is cleared.
// During a rolling deploy a replica of an earlier version lists only what that index holds (the
// experiments it and its peers were first to write) until it is replaced.

/** How many experiments a workspace's list keeps; the least recently written fall off. */
export const MAX_INDEXED = 1000;

/** The workspace's recent list, and the key of the JSON index of earlier versions. */
export const indexKey = (scope: string) => `index:${scope}`;

/**
 * An earlier version's index's ids, or undefined when the stored value is not such an index.
 * Checked by hand rather than by a schema: a schema walks each of up to MAX_INDEXED ids through its
 * checks at many times the cost of this loop.
 */
function indexIds(stored: unknown): number[] | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { v, ids } = stored as { v?: unknown; ids?: unknown };
  if (v !== 1 || !Array.isArray(ids) || ids.length > MAX_INDEXED) return undefined;
  for (const id of ids) if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return ids as number[];
}

/** The ids a recent list holds: what is not an experiment id (another writer's junk) is left out. */
export function listedIds(members: readonly string[]): number[] {
  const ids: number[] = [];
  for (const member of members) {
    const id = Number(member);
    if (Number.isSafeInteger(id) && id > 0 && String(id) === member) ids.push(id);
  }
  return ids;
}

/** The list's ids, then those only an earlier version's index lists, at most MAX_INDEXED. */
export function withEarlierIndex(listed: readonly number[], earlier: unknown): number[] {
  const ids = new Set(listed);
  for (const id of indexIds(earlier) ?? []) {
    if (ids.size >= MAX_INDEXED) break;
    ids.add(id);
  }
  return [...ids].slice(0, MAX_INDEXED);
}
