import type { RecentLists } from '../core/stored-values.js';

export type { RecentLists } from '../core/stored-values.js';

// Lists of recently touched ids (a workspace's experiments), native to each backend so that adding
// one is a write of that id alone: a Redis sorted set scored by time, rows of a SQL table, a Map in
// memory. A JSON list kept as one value would be read by every update that might add to it and
// written whole by every addition, on every new experiment's start.

/** The longest list any caller keeps, and so the most one read returns. */
export const MAX_RECENT = 1000;
const LIST = /^[\x21-\x7e]{1,240}$/;
const MEMBER = /^[\x21-\x7e]{1,64}$/;

export class RecentListError extends Error {
  constructor(
    readonly what: 'list' | 'member' | 'keep',
    value: unknown,
  ) {
    super(`Invalid recent-list ${what}: ${JSON.stringify(String(value).slice(0, 80))}`);
    this.name = 'RecentListError';
  }
}

/** A list name: printable ASCII without spaces (it is part of a Redis key and a SQL row's key). */
export function checkList(list: string): void {
  if (!LIST.test(list)) throw new RecentListError('list', list);
}

export function checkTouch(list: string, member: string, keep: number): void {
  checkList(list);
  if (!MEMBER.test(member)) throw new RecentListError('member', member);
  if (!Number.isInteger(keep) || keep < 1 || keep > MAX_RECENT) throw new RecentListError('keep', keep);
}

/** How many a read returns at most: 0 to MAX_RECENT (NaN reads nothing). */
export const boundedRead = (limit: number): number =>
  Number.isNaN(limit) ? 0 : Math.min(Math.max(Math.floor(limit), 0), MAX_RECENT);

/** memory://: one Set per list, its insertion order the touch order (a touch moves an id last). */
export function createMemoryRecentLists(): RecentLists & { clear(): void } {
  const lists = new Map<string, Set<string>>();
  return {
    async touch(list, member, { keep }) {
      checkTouch(list, member, keep);
      const members = lists.get(list) ?? new Set<string>();
      lists.set(list, members);
      members.delete(member);
      members.add(member);
      for (const oldest of members) {
        if (members.size <= keep) break;
        members.delete(oldest);
      }
    },
    async read(list, limit) {
      checkList(list);
      return [...(lists.get(list) ?? [])].reverse().slice(0, boundedRead(limit));
    },
    async drop(list) {
      checkList(list);
      lists.delete(list);
    },
    clear: () => lists.clear(),
  };
}

/** The store's lists as one namespace's: its lists' names start with the namespace. */
export function recentListsIn(store: { recent: RecentLists }, namespace: string): RecentLists {
  const named = (list: string) => `${namespace}:${list}`;
  return {
    touch: (list, member, options) => store.recent.touch(named(list), member, options),
    read: (list, limit) => store.recent.read(named(list), limit),
    drop: (list) => store.recent.drop(named(list)),
  };
}
