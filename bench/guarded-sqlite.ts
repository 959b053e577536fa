import { openSerializedConnection } from '../src/store/sqlite-connection.js';
import { connectionKey, type GuardedStore, REPLAY_MS } from './guarded-store.js';

const SCHEMA = [
  'PRAGMA journal_mode=WAL',
  'PRAGMA synchronous=FULL',
  'CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  'CREATE TABLE IF NOT EXISTS audit (team TEXT NOT NULL, at INTEGER NOT NULL, entry TEXT NOT NULL)',
  'CREATE TABLE IF NOT EXISTS recent (team TEXT NOT NULL, id TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (team, id))',
];
const UPSERT =
  'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value';

/**
 * bench/bolt-guarded.ts's store on SQLite, as a careful hand-written app would keep it: one file in
 * WAL mode synced at every commit (the app's `synchronous`), one connection running its statements
 * in the order they were issued with each kept prepared (the app's own connection,
 * src/store/sqlite-connection.ts, without its writer's batching), the replay claims in the process
 * (as the app's are on SQLite), and the commits a start needs: its receipt before the ack, its
 * intent before and after the platform's answer, and the record, its place in the workspace's recent
 * list, the audit entry and the intent's deletion in one transaction (the list is not trimmed: the
 * app trims its list once a minute, so next to never on a start's path).
 */
export async function guardedSqlite(path: string): Promise<GuardedStore> {
  const { query } = await openSerializedConnection(path, 5_000);
  for (const sql of SCHEMA) await query(sql);
  const claims = new Map<string, number>();
  const select = async (keys: string[]) =>
    (await query(
      `SELECT key, value FROM kv WHERE key IN (${keys.map(() => '?').join(', ')})`,
      ...keys,
    )) as Row[];
  const valueAt = (rows: Row[], key: string) => rows.find((row) => row.key === key)?.value;
  const upsert = async (key: string, value: string) => {
    await query(UPSERT, key, value);
  };
  return {
    async claim(requestKey, intentKey, intent) {
      forgetExpired(claims);
      if (claims.has(requestKey)) return false;
      claims.set(requestKey, Date.now() + REPLAY_MS);
      await upsert(intentKey, intent);
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
    mark: upsert,
    async record(recordKey) {
      return valueAt(await select([recordKey]), recordKey);
    },
    async finish({ team, recordKey, experimentId, record, at, auditEntry, intentKey }) {
      // Issued together on a connection that runs them in order: nothing else between BEGIN and COMMIT.
      await Promise.all([
        query('BEGIN'),
        query(UPSERT, recordKey, record),
        query(
          'INSERT INTO recent (team, id, at) VALUES (?, ?, ?) ON CONFLICT(team, id) DO UPDATE SET at = excluded.at',
          team,
          experimentId,
          at,
        ),
        query('INSERT INTO audit (team, at, entry) VALUES (?, ?, ?)', team, at, auditEntry),
        query('DELETE FROM kv WHERE key = ?', intentKey),
        query('COMMIT'),
      ]);
    },
    async subscriptions(team) {
      return valueAt(await select([`subscriptions:${team}`]), `subscriptions:${team}`);
    },
    connect: (team, connection) => upsert(connectionKey(team), connection),
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
