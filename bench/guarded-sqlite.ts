import sqlite3 from 'sqlite3';
import { connectionKey, type GuardedStore, REPLAY_MS } from './guarded-store.js';

const SCHEMA = [
  'PRAGMA journal_mode=WAL',
  'PRAGMA synchronous=FULL',
  'CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  'CREATE TABLE IF NOT EXISTS audit (team TEXT NOT NULL, at INTEGER NOT NULL, entry TEXT NOT NULL)',
];
const UPSERT =
  'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value';

/**
 * bench/bolt-guarded.ts's store on SQLite, as a careful hand-written app would keep it: one file in
 * WAL mode synced at every commit (the app's `synchronous`), one connection running its statements
 * in order (sqlite3's serialized mode), statements prepared once, the replay claims in the process
 * (as the app's are on SQLite), and the commits a start needs: its receipt before the ack, its
 * intent before and after the platform's answer, and the record, the audit entry and the intent's
 * deletion in one transaction.
 */
export async function guardedSqlite(path: string): Promise<GuardedStore> {
  const db = await open(path);
  for (const sql of SCHEMA) await run(db, sql, []);
  const upsert = db.prepare(UPSERT);
  const remove = db.prepare('DELETE FROM kv WHERE key = ?');
  const audit = db.prepare('INSERT INTO audit (team, at, entry) VALUES (?, ?, ?)');
  // sqlite3's serialized mode orders the statements it prepares, not the runs of prepared ones: the
  // connection's statements are chained here instead, so a transaction's run back to back.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const turn = last.then(step);
    last = turn.catch(() => undefined);
    return turn;
  };
  const write = (statement: sqlite3.Statement, params: unknown[]) =>
    inTurn(() => runStatement(statement, params));
  const claims = new Map<string, number>();
  const select = (keys: string[]) =>
    inTurn(() => all(db, `SELECT key, value FROM kv WHERE key IN (${keys.map(() => '?').join(', ')})`, keys));
  const valueAt = (rows: Row[], key: string) => rows.find((row) => row.key === key)?.value;
  return {
    async claim(requestKey, intentKey, intent) {
      forgetExpired(claims);
      if (claims.has(requestKey)) return false;
      claims.set(requestKey, Date.now() + REPLAY_MS);
      await write(upsert, [intentKey, intent]);
      return true;
    },
    async context(team, user, channel) {
      const connection = connectionKey(team);
      const [, policies, connections] = await Promise.all([
        select([`languages:${team}:${user}`, `languages:${team}`]),
        select([`policies:${team}`]),
        select([connection, `${connection}:${channel}`, `${connection}:${user}`]),
      ]);
      return {
        policy: valueAt(policies, `policies:${team}`),
        connection: valueAt(connections, connection),
      };
    },
    mark: (intentKey, intent) => write(upsert, [intentKey, intent]),
    async record(recordKey) {
      return valueAt(await select([recordKey]), recordKey);
    },
    async finish({ team, recordKey, record, at, auditEntry, intentKey }) {
      // Queued together: nothing else runs between BEGIN and COMMIT.
      await Promise.all([
        inTurn(() => run(db, 'BEGIN', [])),
        write(upsert, [recordKey, record]),
        write(audit, [team, at, auditEntry]),
        write(remove, [intentKey]),
        inTurn(() => run(db, 'COMMIT', [])),
      ]);
    },
    async subscriptions(team) {
      return valueAt(await select([`subscriptions:${team}`]), `subscriptions:${team}`);
    },
    connect: (team, connection) => write(upsert, [connectionKey(team), connection]),
  };
}

interface Row {
  key: string;
  value: string;
}

function forgetExpired(claims: Map<string, number>): void {
  const now = Date.now();
  // Insertion order is expiry order: the oldest first.
  for (const [key, expires] of claims) {
    if (expires > now) return;
    claims.delete(key);
  }
}

function open(path: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, (error) => (error ? reject(error) : resolve(db)));
  });
}

function run(db: sqlite3.Database, sql: string, params: unknown[]): Promise<void> {
  return new Promise((resolve, reject) =>
    db.run(sql, params, (error) => (error ? reject(error) : resolve())),
  );
}

function runStatement(statement: sqlite3.Statement, params: unknown[]): Promise<void> {
  return new Promise((resolve, reject) =>
    statement.run(params, (error: Error | null) => (error ? reject(error) : resolve())),
  );
}

function all(db: sqlite3.Database, sql: string, params: unknown[]): Promise<Row[]> {
  return new Promise((resolve, reject) =>
    db.all(sql, params, (error: Error | null, rows: Row[]) => (error ? reject(error) : resolve(rows))),
  );
}
