import sqlite3 from 'sqlite3';
import type { SqliteQuery } from './sqlite-writer.js';

export interface SerializedConnection {
  /** Statements run one after another, in the order they were issued. */
  query: SqliteQuery;
  close(): Promise<void>;
}

/**
 * A connection to the file in sqlite3's serialized mode: each statement starts once the one issued
 * before it has finished, so the writer can issue a whole batch (BEGIN, its writes, COMMIT) at once
 * instead of waiting for the event loop between statements. @keyv/sqlite's connections are in
 * sqlite3's default (parallel) mode, which does not promise that order.
 */
export function openSerializedConnection(path: string, busyTimeoutMs: number): Promise<SerializedConnection> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, (error) => {
      if (error) {
        reject(error);
        return;
      }
      db.configure('busyTimeout', busyTimeoutMs);
      db.serialize();
      resolve({
        query: (sql, ...params) =>
          new Promise((done, fail) => {
            db.all(sql, params, (err, rows) => (err ? fail(err) : done(rows)));
          }),
        close: () => new Promise((done, fail) => db.close((err) => (err ? fail(err) : done()))),
      });
    });
  });
}
