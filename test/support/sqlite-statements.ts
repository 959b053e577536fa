import { createRequire } from 'node:module';

// Every SQL statement that reaches sqlite3, for the tests that count them: @keyv/sqlite's
// connections run theirs through Database#all, the app's own (src/store/sqlite-connection.ts)
// through Statement#all on statements they keep prepared. Database#all runs a Statement#all of its
// own, so that one is counted once, as Database#all. Patch before any store opens: @keyv/sqlite
// binds Database#all when it connects.

type Method = (...args: unknown[]) => unknown;
type Seen = (sql: string, firstParam: unknown) => void;

/** Calls `seen` with each statement's SQL and first parameter; the returned function undoes it. */
export function watchSqliteStatements(seen: Seen): () => void {
  const sqlite3 = createRequire(import.meta.url)('sqlite3') as {
    Database: { prototype: { all: Method } };
    Statement: { prototype: { all: Method } };
  };
  const databaseAll = sqlite3.Database.prototype.all;
  const statementAll = sqlite3.Statement.prototype.all;
  let inDatabaseAll = false;
  sqlite3.Database.prototype.all = function (this: unknown, sql: unknown, ...params: unknown[]) {
    seen(String(sql), params[0]);
    inDatabaseAll = true;
    try {
      return databaseAll.call(this, sql, ...params);
    } finally {
      inDatabaseAll = false;
    }
  };
  sqlite3.Statement.prototype.all = function (this: { sql: string }, ...args: unknown[]) {
    if (!inDatabaseAll) seen(this.sql, Array.isArray(args[0]) ? args[0][0] : undefined);
    return statementAll.apply(this, args);
  };
  return () => {
    sqlite3.Database.prototype.all = databaseAll;
    sqlite3.Statement.prototype.all = statementAll;
  };
}
