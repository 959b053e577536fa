import sqlite3 from 'sqlite3';

type Statement = readonly [sql: string, ...params: unknown[]];

export interface SqliteQueue {
  /** A statement run in its turn on the one connection. */
  query(sql: string, ...params: unknown[]): Promise<unknown[]>;
  /**
   * Statements that must commit together, committed with whatever other writes are waiting: one
   * synced commit serves every write that arrived while the last one was syncing.
   */
  write(statements: readonly Statement[]): Promise<void>;
}

/**
 * One connection to the file whose statements run one after another in the order they were issued
 * (so a transaction can be issued whole), each kept prepared after its first use. Writes are group
 * committed: a commit synced for every write, at a hundred starts a second and several writes each,
 * is more syncs than a disk shared with other work can make.
 */
export function openQueue(path: string): Promise<SqliteQueue> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, (error) => {
      if (error) reject(error);
      else resolve(queueOn(db));
    });
  });
}

interface Waiting {
  statements: readonly Statement[];
  done(): void;
  fail(error: unknown): void;
}

function queueOn(db: sqlite3.Database): SqliteQueue {
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
  const query = (sql: string, ...params: unknown[]) => {
    const run = last.then(() => all(sql, params));
    last = run.catch(() => undefined);
    return run;
  };
  let waiting: Waiting[] = [];
  let committing = false;
  const commit = async (): Promise<void> => {
    committing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      const statements = group.flatMap((w) => w.statements);
      try {
        await Promise.all([query('BEGIN'), ...statements.map((s) => query(...s)), query('COMMIT')]);
        for (const w of group) w.done();
      } catch (error) {
        await query('ROLLBACK').catch(() => undefined);
        for (const w of group) w.fail(error);
      }
    }
    committing = false;
  };
  return {
    query,
    write: (statements) =>
      new Promise<void>((done, fail) => {
        waiting.push({ statements, done, fail });
        if (!committing) void commit();
      }),
  };
}
