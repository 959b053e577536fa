import { boundedRead, checkList, checkTouch, type RecentLists } from './recent-lists.js';

/** A table of its own: (list, member) is the key; the index on (list, at) serves reads and trims. */
export const RECENT_TABLE = 'exp_chatops_recent';
export const RECENT_TABLE_SQL = [
  `CREATE TABLE IF NOT EXISTS ${RECENT_TABLE} (list TEXT NOT NULL, member TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (list, member))`,
  `CREATE INDEX IF NOT EXISTS ${RECENT_TABLE}_at ON ${RECENT_TABLE} (list, at)`,
];

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * How often one process trims a list to its length. Trimming on every touch would be a second
 * statement (on SQLite a transaction around the two) for every record written, to forget one id; a
 * list may so hold a minute's new ids more than it keeps, which no read returns (reads are limited).
 */
const TRIM_INTERVAL_MS = 60_000;

/** The lists on SQL: `$1…` placeholders (Postgres); sqlite's adapter gets `?` via `placeholder`. */
export function createSqlRecentLists(
  { read: readRows, write }: { read: Query; write: Query },
  placeholder: (n: number) => string,
): RecentLists {
  const p = placeholder;
  const trimmed = new Map<string, number>();
  const trim = (list: string, keep: number) =>
    write(
      `DELETE FROM ${RECENT_TABLE} WHERE list = ${p(1)} AND member NOT IN (SELECT member FROM ${RECENT_TABLE} WHERE list = ${p(2)} ORDER BY at DESC, member DESC LIMIT ${p(3)})`,
      [list, list, keep],
    );
  return {
    async touch(list, member, { at, keep }) {
      checkTouch(list, member, keep);
      await write(
        `INSERT INTO ${RECENT_TABLE} (list, member, at) VALUES (${p(1)}, ${p(2)}, ${p(3)}) ON CONFLICT (list, member) DO UPDATE SET at = excluded.at`,
        [list, member, Math.floor(at)],
      );
      const last = trimmed.get(list);
      if (last !== undefined && Math.abs(at - last) < TRIM_INTERVAL_MS) return;
      trimmed.set(list, at);
      await trim(list, keep);
    },
    async read(list, limit) {
      checkList(list);
      const rows = (await readRows(
        `SELECT member FROM ${RECENT_TABLE} WHERE list = ${p(1)} ORDER BY at DESC, member DESC LIMIT ${p(2)}`,
        [list, boundedRead(limit)],
      )) as { member: string }[] | undefined;
      return (rows ?? []).map((row) => row.member);
    },
    async drop(list) {
      checkList(list);
      trimmed.delete(list);
      await write(`DELETE FROM ${RECENT_TABLE} WHERE list = ${p(1)}`, [list]);
    },
  };
}
