import sqlite3 from 'sqlite3';

export type Query = (sql: string, ...params: unknown[]) => Promise<unknown[]>;

/**
 * One connection to the file whose statements run one after another in the order they were issued
 * (so a transaction can be issued whole), each kept prepared after its first use.
 */
export function openQueue(path: string): Promise<Query> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, (error) => {
      if (error) {
        reject(error);
        return;
      }
      db.configure('busyTimeout', 5_000);
      const prepared = new Map<string, sqlite3.Statement>();
      const all = (sql: string, params: unknown[]) =>
        new Promise<unknown[]>((done, fail) => {
          let statement = prepared.get(sql);
          if (!statement) {
            statement = db.prepare(sql);
            prepared.set(sql, statement);
          }
          statement.all(params, (err: Error | null, rows: unknown[]) => (err ? fail(err) : done(rows)));
        });
      let last: Promise<unknown> = Promise.resolve();
      resolve((sql, ...params) => {
        const run = last.then(() => all(sql, params));
        last = run.catch(() => undefined);
        return run;
      });
    });
  });
}
