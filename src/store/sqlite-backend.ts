import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import { Keyv } from 'keyv';
import type { ReportError } from './error-log.js';
import { keyvJson } from './keyv-json.js';
import { createMemoryOnceGuard } from './memory-once-guard.js';
import { createSqlConditional } from './sql-conditional.js';
import { createSqlLog, LOG_COLUMNS, LOG_TABLE, LOG_TABLE_SQL } from './sql-log.js';
import { createSqlRecentLists, RECENT_TABLE_SQL } from './sql-recent-lists.js';
import { CachedKeyvSqlite, createReadCache, type ReadCache } from './sqlite-adapter.js';
import { openSerializedConnection, type SerializedConnection } from './sqlite-connection.js';
import { createSqliteWriter } from './sqlite-writer.js';
import { StoreConnectionError } from './store-errors.js';
import type { Backend, ConditionalWrites } from './store-types.js';

/** @keyv/sqlite's table: one row per key, `value` holding Keyv's JSON `{"value":…,"expires":ms}`. */
export const SQLITE_TABLE = 'keyv';
const busyTimeoutMs = 5_000;
/** The read cache (sqlite-adapter.ts): how long an entry is trusted, and how many are kept. */
export const SQLITE_READ_CACHE = { ttlMs: 1_000, maxEntries: 2_000 };

/**
 * sqlite://PATH: a local file, for one replica. Two connections whatever the number of namespaces
 * (sqlite-connection.ts): one reads (every namespace's adapter, the audit log's pages,
 * compare-and-set's reads; WAL lets it read while a write is under way) and one writes
 * (sqlite-writer.ts: every write, the audit log's and the clean-up's included, the writes that
 * arrive together committed in one transaction). The busy timeout covers another process writing
 * (`npm run rotate-keys`). Claims (locks) are kept in process.
 */
export async function openSqliteBackend(path: string, report: ReportError): Promise<Backend> {
  const uri = `sqlite://${path}`;
  try {
    mkdirSync(dirname(resolve(path)), { recursive: true });
  } catch (cause) {
    throw new StoreConnectionError('sqlite', path, { cause });
  }
  // @keyv/sqlite's connection creates its table (the stored form stays its own), then closes:
  // reads and writes go through two connections of the app's that keep their statements prepared.
  const base = new KeyvSqlite({ uri, busyTimeout: busyTimeoutMs });
  base.on('error', (error: unknown) => report('sqlite', error));
  let readerConnection: SerializedConnection;
  let writerConnection: SerializedConnection;
  try {
    // Persistent in the file: lets other connections read while one writes.
    await base.query('PRAGMA journal_mode=WAL');
    await base.query(LOG_TABLE_SQL);
    for (const sql of RECENT_TABLE_SQL) await base.query(sql);
    readerConnection = await openSerializedConnection(path, busyTimeoutMs);
    writerConnection = await openSerializedConnection(path, busyTimeoutMs).catch(async (error: unknown) => {
      await readerConnection.close().catch(() => undefined);
      throw error;
    });
  } catch (cause) {
    throw new StoreConnectionError('sqlite', path, { cause });
  } finally {
    await closeQuietly(base);
  }
  const read = readerConnection.query;
  const writer = createSqliteWriter(writerConnection.query);
  // Statements with their rows, for the audit log and compare-and-set (each reads the rows it asked for).
  const readRows = async <Row>(sql: string, params: unknown[]) => (await read(sql, ...params)) as Row[];
  const writeRows = async <Row>(sql: string, params: unknown[]) =>
    (await writer.run(sql, ...params)) as Row[];
  const conditional = createSqlConditional({
    table: SQLITE_TABLE,
    placeholder: () => '?',
    read: readRows,
    write: writeRows,
  });
  const locks = createMemoryOnceGuard();
  // One for the file: every namespace's keys carry the namespace, so they cannot collide.
  const cache = createReadCache(SQLITE_READ_CACHE);
  return {
    kind: 'sqlite',
    logs: createSqlLog(
      {
        read: readRows,
        write: writeRows,
        insert: (row) => writer.insertNew(LOG_TABLE, LOG_COLUMNS, [row]),
      },
      () => '?',
    ),
    recent: createSqlRecentLists({ read: readRows, write: writeRows }, () => '?'),
    createKeyv(namespace) {
      const adapter = new CachedKeyvSqlite({ uri, table: SQLITE_TABLE }, read, cache, writer);
      const keyv = new Keyv(adapter, { namespace, throwOnErrors: true, ...keyvJson });
      keyv.on('error', (error: unknown) => report(`sqlite:${namespace}`, error));
      return keyv;
    },
    conditional: throughReadCache(conditional, cache),
    locks,
    requestsRemembered: () => locks.seenCount(),
    async cleanup() {
      // @keyv/sqlite has no TTL support: Keyv only deletes an expired row when it reads it.
      await writer.run(
        `DELETE FROM ${SQLITE_TABLE} WHERE json_valid(value) AND json_extract(value, '$.expires') < ?`,
        Date.now(),
      );
      locks.sweep();
    },
    forgetReads: () => cache.clear(),
    async close() {
      cache.close();
      await writer.drained();
      await Promise.all([readerConnection, writerConnection].map((c) => c.close().catch(() => undefined)));
    },
  };
}

/**
 * Compare-and-set through the read cache: the swap itself compares with the file, so an entry gone
 * stale (a write by another process, e.g. rotate-keys) only fails that swap, which forgets the
 * entry, and the next attempt reads the file. A hit spares a statement on the thread pool.
 */
function throughReadCache(
  conditional: ReturnType<typeof createSqlConditional>,
  cache: ReadCache,
): ConditionalWrites {
  return {
    async read(namespace, key) {
      const fullKey = `${namespace}:${key}`;
      const hit = cache.get(fullKey);
      if (hit) return hit.value;
      const startedAt = cache.startRead();
      const value = await conditional.read(fullKey);
      cache.readDone(fullKey, value, startedAt);
      return value;
    },
    async swap(namespace, key, expected, next) {
      const fullKey = `${namespace}:${key}`;
      try {
        const swapped = await conditional.swap(fullKey, expected, next);
        if (swapped) cache.written(fullKey, next);
        else cache.forget(fullKey);
        return swapped;
      } catch (error) {
        cache.forget(fullKey);
        throw error;
      }
    },
  };
}

async function closeQuietly(adapter: KeyvSqlite): Promise<void> {
  try {
    await adapter.disconnect();
  } catch {
    // A connection that never opened has nothing to close.
  }
}
