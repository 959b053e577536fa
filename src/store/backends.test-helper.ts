// Test-only: the four backends, and a look at what each one holds on disk/server, bypassing Keyv.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { KeyvSqlite } from '@keyv/sqlite';
import { createMemoryLogger } from '../observability/logger.js';
import { createStore, type Store } from './create-store.js';
import { POSTGRES_CLAIM_TABLE, POSTGRES_KV_TABLE } from './postgres-backend.js';
import { REDIS_KEY_PREFIX, redisNamespace } from './redis-backend.js';
import { LOG_TABLE } from './sql-log.js';
import { RECENT_TABLE } from './sql-recent-lists.js';
import { SQLITE_TABLE } from './sqlite-backend.js';
import type { StoreKind } from './store-types.js';

// The services the brief guarantees; no fallback to skipping: if they are down, tests fail.
export const REDIS_URL = 'redis://127.0.0.1:6379';
export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A namespace (and claim-key prefix) no other run uses, so test files can share the servers. */
export const uniqueName = (label: string): string => `${label}-${randomUUID().slice(0, 8)}`;

interface RawRow {
  key: string;
  value: string;
}

export interface BackendFixture {
  kind: StoreKind;
  url: string;
  open(opts?: { cleanupIntervalMs?: number }): Promise<Store & { logLines: string[] }>;
  /** Every raw row of one namespace, read straight from the backend. */
  rawRows(store: Store, namespace: string): Promise<RawRow[]>;
  /** Writes a raw row of one namespace straight into the backend. */
  writeRaw(store: Store, namespace: string, key: string, value: string): Promise<void>;
  /** Deletes what this run wrote (namespaces and claim keys starting with `prefix`). */
  dispose(prefix: string): Promise<void>;
}

export function backendFixture(kind: StoreKind): BackendFixture {
  // Not created here: the store creates missing directories itself (and a test checks it does).
  const dir = join(tmpdir(), uniqueName('exp-chatops-store'));
  const url = {
    memory: 'memory://',
    sqlite: `sqlite://${join(dir, 'nested', 'dir', 'store.sqlite')}`,
    redis: REDIS_URL,
    postgres: POSTGRES_URL,
  }[kind];
  const opened: Store[] = [];
  return {
    kind,
    url,
    async open(opts = {}) {
      const logger = createMemoryLogger();
      const store = await createStore(url, { logger, ...opts });
      opened.push(store);
      return Object.assign(store, { logLines: logger.lines });
    },
    rawRows: (store, namespace) => rawRows(kind, url, store, namespace),
    writeRaw: (store, namespace, key, value) => writeRaw(kind, url, store, namespace, key, value),
    async dispose(prefix) {
      await Promise.all(opened.map((s) => s.close()));
      if (kind === 'sqlite') rmSync(dir, { recursive: true, force: true });
      if (kind === 'redis') {
        await withRedis(async (client) => {
          for (const pattern of [
            `${REDIS_KEY_PREFIX}:${prefix}*`,
            `${REDIS_KEY_PREFIX}:_once:${prefix}*`,
            `${REDIS_KEY_PREFIX}:_log:${prefix}*`,
            `${REDIS_KEY_PREFIX}:_recent:${prefix}*`,
          ]) {
            const keys = await client.keys(pattern);
            if (keys.length > 0) await client.del(keys);
          }
        });
      }
      if (kind === 'postgres') {
        await withPg(async (pool) => {
          await pool.query(`DELETE FROM ${POSTGRES_KV_TABLE} WHERE key LIKE $1`, [`${prefix}%`]);
          await pool.query(`DELETE FROM ${POSTGRES_CLAIM_TABLE} WHERE key LIKE $1`, [`${prefix}%`]);
          await pool.query(`DELETE FROM ${LOG_TABLE} WHERE stream LIKE $1`, [`${prefix}%`]);
          await pool.query(`DELETE FROM ${RECENT_TABLE} WHERE list LIKE $1`, [`${prefix}%`]);
        });
      }
    },
  };
}

async function rawRows(kind: StoreKind, url: string, store: Store, namespace: string): Promise<RawRow[]> {
  switch (kind) {
    case 'memory': {
      // The Map behind Keyv is the memory backend's storage.
      const map = store.keyv(namespace).store as Map<string, unknown>;
      return [...map].map(([key, value]) => ({ key, value: String(value) }));
    }
    case 'sqlite':
      return withSqlite(url, async (db) => {
        const rows = (await db.query(
          `SELECT key, value FROM ${SQLITE_TABLE} WHERE key LIKE ?`,
          `${namespace}:%`,
        )) as RawRow[];
        return rows;
      });
    case 'redis':
      return withRedis(async (client) => {
        const keys = await client.keys(`${redisNamespace(namespace)}:*`);
        return Promise.all(keys.map(async (key) => ({ key, value: String(await client.get(key)) })));
      });
    case 'postgres':
      return withPg(async (pool) => {
        const { rows } = await pool.query(`SELECT key, value FROM ${POSTGRES_KV_TABLE} WHERE key LIKE $1`, [
          `${namespace}:%`,
        ]);
        return rows as unknown as RawRow[];
      });
  }
}

async function writeRaw(
  kind: StoreKind,
  url: string,
  store: Store,
  namespace: string,
  key: string,
  value: string,
): Promise<void> {
  switch (kind) {
    case 'memory':
      (store.keyv(namespace).store as Map<string, unknown>).set(`${namespace}:${key}`, value);
      return;
    case 'sqlite':
      await withSqlite(url, (db) =>
        db.query(
          `INSERT OR REPLACE INTO ${SQLITE_TABLE} (key, value) VALUES (?, ?)`,
          `${namespace}:${key}`,
          value,
        ),
      );
      // As if written before the process last read it: it keeps what it read for a second.
      store.forgetReads();
      return;
    case 'redis':
      await withRedis((client) => client.set(`${redisNamespace(namespace)}:${key}`, value));
      return;
    case 'postgres':
      await withPg((pool) =>
        pool.query(
          `INSERT INTO ${POSTGRES_KV_TABLE} (key, value) VALUES ($1, $2)
           ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
          [`${namespace}:${key}`, value],
        ),
      );
      return;
  }
}

async function withSqlite<T>(url: string, use: (db: KeyvSqlite) => Promise<T>): Promise<T> {
  const db = new KeyvSqlite({ uri: url, busyTimeout: 5_000 });
  try {
    return await use(db);
  } finally {
    await db.disconnect();
  }
}

const newRedisClient = () => createClient({ url: REDIS_URL, socket: { reconnectStrategy: false } });
export type RedisClient = ReturnType<typeof newRedisClient>;

export async function withRedis<T>(use: (client: RedisClient) => Promise<T>): Promise<T> {
  const client = newRedisClient();
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

interface PgPool {
  query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}
const requireFromAdapter = createRequire(createRequire(import.meta.url).resolve('@keyv/postgres'));
const pg = requireFromAdapter('pg') as { Pool: new (config: { connectionString: string }) => PgPool };

export async function withPg<T>(use: (pool: PgPool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL });
  try {
    return await use(pool);
  } finally {
    await pool.end();
  }
}

/** Polls until `check` holds (for background work such as cleanup); fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
