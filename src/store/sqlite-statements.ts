import type sqlite3 from 'sqlite3';

/**
 * The statements a connection has prepared, kept by their SQL text and reused. sqlite3's
 * `Database#all` prepares a statement, runs it and finalises it each time: two trips to libuv's
 * thread pool and SQLite parsing the SQL again. A kept statement is one trip and no parse.
 *
 * A kept statement is used by one query at a time (the connection runs them one after another).
 * A statement that failed is finalised and forgotten, so whatever state the failure left it in
 * is never reused; the least recently used is finalised past `max` (the writer's merged statements
 * differ by their number of rows).
 */
export interface StatementCache {
  all(sql: string, params: readonly unknown[]): Promise<unknown[]>;
  /** Statements prepared since the connection opened (kept ones are not prepared again). */
  preparedCount(): number;
  /** Finalises every kept statement: the connection cannot close while one is not. */
  finalizeAll(): Promise<void>;
}

export function createStatementCache(db: sqlite3.Database, max: number): StatementCache {
  const kept = new Map<string, sqlite3.Statement>();
  let prepared = 0;

  const prepare = (sql: string) =>
    new Promise<sqlite3.Statement>((resolve, reject) => {
      const statement = db.prepare(sql, (error: Error | null) =>
        error ? reject(error) : resolve(statement),
      );
    });

  const keep = (sql: string, statement: sqlite3.Statement) => {
    kept.set(sql, statement);
    if (kept.size <= max) return;
    const [oldest] = kept;
    if (!oldest) return;
    kept.delete(oldest[0]);
    oldest[1].finalize();
  };

  const statementFor = async (sql: string): Promise<sqlite3.Statement> => {
    const hit = kept.get(sql);
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      kept.delete(sql);
      kept.set(sql, hit);
      return hit;
    }
    const statement = await prepare(sql);
    prepared++;
    keep(sql, statement);
    return statement;
  };

  return {
    async all(sql, params) {
      const statement = await statementFor(sql);
      return new Promise((resolve, reject) => {
        statement.all([...params], (error: Error | null, rows: unknown[]) => {
          if (!error) {
            resolve(rows);
            return;
          }
          if (kept.get(sql) === statement) kept.delete(sql);
          statement.finalize();
          reject(error);
        });
      });
    },
    preparedCount: () => prepared,
    async finalizeAll() {
      const statements = [...kept.values()];
      kept.clear();
      await Promise.all(statements.map((s) => new Promise<void>((resolve) => s.finalize(() => resolve()))));
    },
  };
}
