import {
  type AppendLog,
  boundedLimit,
  checkStream,
  entryId,
  idAt,
  type LogEntry,
  validCursor,
} from './append-log.js';

/** A table of its own: (stream, id) is the key, so reading a page and trimming use the index. */
export const LOG_TABLE = 'exp_chatops_log';
export const LOG_TABLE_SQL = `CREATE TABLE IF NOT EXISTS ${LOG_TABLE} (stream TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (stream, id))`;

type Query = (sql: string, params: unknown[]) => Promise<{ id: string; data: string }[] | undefined>;

/** How the log reaches its table: reads and writes apart (SQLite writes through its one writer). */
export interface SqlLogQueries {
  read: Query;
  write: Query;
  /**
   * Adds an entry, leaving one already there (same stream and id) as it is; by default an INSERT
   * through `write`. SQLite's writer takes it as a row it can merge with other entries.
   */
  insert?: (row: [stream: string, id: string, data: string]) => Promise<unknown>;
}

/** The log's columns, in the order `insert` takes them. */
export const LOG_COLUMNS = ['stream', 'id', 'data'] as const;

/** The log on SQL: `$1…` placeholders (Postgres); sqlite's adapter gets `?` via `placeholder`. */
/**
 * How often one process trims a stream of entries past their retention. Retention is counted in
 * days: trimming on every append was a second statement (and commit) for every audited action, to
 * forget at most the entries of the moment before.
 */
const LOG_TRIM_INTERVAL_MS = 60_000;

export function createSqlLog(
  { read: readRows, write: writeRows, insert }: SqlLogQueries,
  placeholder: (n: number) => string,
): AppendLog {
  const p = placeholder;
  // An entry written twice (SQLite's writer runs a batch again after a failed commit) is kept once.
  const insertRow =
    insert ??
    ((row: [string, string, string]) =>
      writeRows(
        `INSERT INTO ${LOG_TABLE} (${LOG_COLUMNS.join(', ')}) VALUES (${p(1)}, ${p(2)}, ${p(3)}) ON CONFLICT (stream, id) DO NOTHING`,
        row,
      ));
  // When this process last trimmed each stream (one per workspace: a few entries).
  const trimmed = new Map<string, number>();
  return {
    async append(stream, data, { at, retentionMs }) {
      checkStream(stream);
      const entry: LogEntry = { id: entryId(at), at, data };
      await insertRow([stream, entry.id, JSON.stringify({ at, data })]);
      const last = trimmed.get(stream);
      if (last === undefined || Math.abs(at - last) >= LOG_TRIM_INTERVAL_MS) {
        trimmed.set(stream, at);
        await writeRows(`DELETE FROM ${LOG_TABLE} WHERE stream = ${p(1)} AND id < ${p(2)}`, [
          stream,
          idAt(at - retentionMs),
        ]);
      }
      return entry;
    },
    async read(stream, { before, limit }) {
      checkStream(stream);
      const cursor = validCursor(before);
      const rows =
        (cursor === undefined
          ? await readRows(
              `SELECT id, data FROM ${LOG_TABLE} WHERE stream = ${p(1)} ORDER BY id DESC LIMIT ${p(2)}`,
              [stream, boundedLimit(limit)],
            )
          : await readRows(
              `SELECT id, data FROM ${LOG_TABLE} WHERE stream = ${p(1)} AND id < ${p(2)} ORDER BY id DESC LIMIT ${p(3)}`,
              [stream, cursor, boundedLimit(limit)],
            )) ?? [];
      return rows.map((row) => {
        const parsed = JSON.parse(row.data) as { at: number; data: unknown };
        return { id: row.id, at: parsed.at, data: parsed.data };
      });
    },
    async drop(stream) {
      checkStream(stream);
      trimmed.delete(stream);
      await writeRows(`DELETE FROM ${LOG_TABLE} WHERE stream = ${p(1)}`, [stream]);
    },
  };
}
