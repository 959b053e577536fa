import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import { Keyv } from 'keyv';
import type { ReportError } from './error-log.js';
import { keyvJson } from './keyv-json.js';
import { createMemoryOnceGuard } from './memory-once-guard.js';
import { createSqlLog, LOG_TABLE_SQL } from './sql-log.js';
import { StoreConnectionError } from './store-errors.js';
import type { Backend } from './store-types.js';

/** @keyv/sqlite's table: one row per key, `value` holding Keyv's JSON `{"value":…,"expires":ms}`. */
export const SQLITE_TABLE = 'keyv';
const busyTimeoutMs = 5_000;

/**
 * sqlite://PATH: a local file, for one replica. @keyv/sqlite opens one connection per adapter and
 * each namespace needs its own adapter (Keyv writes the namespace onto it), so connections share
 * the file through WAL and a busy timeout. Claims (locks) are kept in process.
 */
export async function openSqliteBackend(path: string, report: ReportError): Promise<Backend> {
  const uri = `sqlite://${path}`;
  try {
    mkdirSync(dirname(resolve(path)), { recursive: true });
  } catch (cause) {
    throw new StoreConnectionError('sqlite', path, { cause });
  }
  const adapters: KeyvSqlite[] = [];
  const base = new KeyvSqlite({ uri, busyTimeout: busyTimeoutMs });
  base.on('error', (error: unknown) => report('sqlite', error));
  adapters.push(base);
  try {
    // Persistent in the file: lets other connections read while one writes.
    await base.query('PRAGMA journal_mode=WAL');
    await base.query(LOG_TABLE_SQL);
  } catch (cause) {
    await closeQuietly(base);
    throw new StoreConnectionError('sqlite', path, { cause });
  }
  const locks = createMemoryOnceGuard();
  return {
    kind: 'sqlite',
    logs: createSqlLog(
      async (sql, params) => (await base.query(sql, ...params)) as { id: string; data: string }[],
      () => '?',
    ),
    createKeyv(namespace) {
      const adapter = new KeyvSqlite({ uri, busyTimeout: busyTimeoutMs });
      adapters.push(adapter);
      const keyv = new Keyv(adapter, { namespace, throwOnErrors: true, ...keyvJson });
      keyv.on('error', (error: unknown) => report(`sqlite:${namespace}`, error));
      return keyv;
    },
    locks,
    async cleanup() {
      // @keyv/sqlite has no TTL support: Keyv only deletes an expired row when it reads it.
      await base.query(
        `DELETE FROM ${SQLITE_TABLE} WHERE json_valid(value) AND json_extract(value, '$.expires') < ?`,
        Date.now(),
      );
      locks.sweep();
    },
    async close() {
      await Promise.all(adapters.map(closeQuietly));
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
