import { connectionKey, type GuardedStore, policyKey, REPLAY_MS } from './guarded-store.js';
import { openQueue } from './sqlite-queue.js';

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
 * The lean guarded start's store on SQLite, the Redis one's shape step for step: one file in WAL
 * mode synced at every commit (as the app's), commits shared by the writes that wait together (as
 * the app's writer does), the replay claims in the process (as the app's are on SQLite, one process
 * per file) beside the intent's first write, one read of the policy and the connection, the intent
 * marked before and after the platform call, the record read, the record, the recent list, the
 * audit entry and the intent's end committed together, and the subscriptions read.
 */
export async function guardedSqlite(path: string): Promise<GuardedStore> {
  const { query, write } = await openQueue(path);
  for (const sql of SCHEMA) await query(sql);
  const claims = new Map<string, number>();
  const select = async (keys: string[]) =>
    (await query(
      `SELECT key, value FROM kv WHERE key IN (${keys.map(() => '?').join(', ')})`,
      ...keys,
    )) as Row[];
  const valueAt = (rows: Row[], key: string) => rows.find((row) => row.key === key)?.value;
  const upsert = (key: string, value: string) => write([[UPSERT, key, value]]);
  return {
    async claim(requestKey, intentKey, intent) {
      forgetExpired(claims);
      if (claims.has(requestKey)) return false;
      claims.set(requestKey, Date.now() + REPLAY_MS);
      await upsert(intentKey, intent);
      return true;
    },
    async context(team) {
      const rows = await select([policyKey(team), connectionKey(team)]);
      return { policy: valueAt(rows, policyKey(team)), connection: valueAt(rows, connectionKey(team)) };
    },
    mark: upsert,
    async record(recordKey) {
      return valueAt(await select([recordKey]), recordKey);
    },
    finish: ({ team, recordKey, experimentId, record, at, auditEntry, intentKey }) =>
      write([
        [UPSERT, recordKey, record],
        [
          'INSERT INTO recent (team, id, at) VALUES (?, ?, ?) ON CONFLICT(team, id) DO UPDATE SET at = excluded.at',
          team,
          experimentId,
          at,
        ],
        ['INSERT INTO audit (team, at, entry) VALUES (?, ?, ?)', team, at, auditEntry],
        ['DELETE FROM kv WHERE key = ?', intentKey],
      ]),
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
