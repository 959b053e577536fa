import sqlite3 from 'sqlite3';
import { createStatementCache } from './sqlite-statements.js';
import type { SqliteQuery } from './sqlite-writer.js';

/** Prepared statements kept per connection: the writer's kinds of statement, each by its number of rows. */
const MAX_KEPT_STATEMENTS = 64;

export interface SerializedConnection {
  /** Statements run one after another, in the order they were issued. */
  query: SqliteQuery;
  /** Statements prepared since it opened (kept statements are reused). */
  preparedCount(): number;
  close(): Promise<void>;
}

/**
 * A connection to the file that runs its statements one after another in the order they were
 * issued, so the writer can issue a whole batch (BEGIN, its writes, COMMIT) at once instead of
 * waiting for the event loop between statements. The order is kept here rather than by sqlite3's
 * serialized mode, which orders the statements it prepares but not the runs of statements already
 * prepared, and this connection reuses prepared statements (sqlite-statements.ts).
 */
export function openSerializedConnection(path: string, busyTimeoutMs: number): Promise<SerializedConnection> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, (error) => {
      if (error) {
        reject(error);
        return;
      }
      db.configure('busyTimeout', busyTimeoutMs);
      const statements = createStatementCache(db, MAX_KEPT_STATEMENTS);
      // The last statement issued, settled either way: the next one starts once it has.
      let last: Promise<unknown> = Promise.resolve();
      const query: SqliteQuery = (sql, ...params) => {
        const run = last.then(() => statements.all(sql, params));
        last = run.catch(() => undefined);
        return run;
      };
      resolve({
        query,
        preparedCount: () => statements.preparedCount(),
        async close() {
          await last;
          await statements.finalizeAll();
          await new Promise<void>((done, fail) => db.close((err) => (err ? fail(err) : done())));
        },
      });
    });
  });
}
