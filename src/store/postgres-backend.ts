import { KeyvPostgres } from '@keyv/postgres';
import { Keyv } from 'keyv';
import pg from 'pg';
import { maskUrl } from '../observability/url-secrets.js';
import type { ReportError } from './error-log.js';
import { keyvJson } from './keyv-json.js';
import { createSqlConditional } from './sql-conditional.js';
import { createSqlLog, LOG_TABLE_SQL } from './sql-log.js';
import { createSqlRecentLists, RECENT_TABLE_SQL } from './sql-recent-lists.js';
import { StoreConnectionError } from './store-errors.js';
import { type Backend, checkTtl, REFUSED_CLAIM } from './store-types.js';

/**
 * Tables of their own rather than @keyv/postgres's shared `keyv` table: the table is this app's
 * namespace in a shared database. (A `exp-chatops:` key prefix is not usable here: Keyv 5.6's
 * iterator strips only the first colon-separated segment of a key, so it would corrupt keys.)
 */
export const POSTGRES_KV_TABLE = 'exp_chatops_kv';
export const POSTGRES_CLAIM_TABLE = 'exp_chatops_once';

// We build the pool ourselves because @keyv/postgres keeps ONE module-global pool per process
// whose disconnect() ends it for every store, and attaches no 'error' listener to it: an idle
// connection dropped by a server restart would then crash the process.
type PgPool = pg.Pool;

type Rows = Record<string, unknown>[];

/** The adapter, with its queries sent to our pool. */
class PooledKeyvPostgres extends KeyvPostgres {
  // Called from KeyvPostgres's constructor: only this.opts exists yet, hence the pool travels in it.
  override async connect(): Promise<(sql: string, values?: unknown) => Promise<Rows>> {
    const { pool } = this.opts as { pool: PgPool };
    return async (sql, values) => (await pool.query(sql, values as unknown[] | undefined)).rows;
  }
  override async disconnect(): Promise<void> {
    // The pool belongs to the store, which ends it once in close().
  }
}

/** postgres:// and postgresql://: the multi-replica SQL store; claims are rows with an expiry. */
export async function openPostgresBackend(url: string, report: ReportError): Promise<Backend> {
  const where = maskUrl(url);
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5_000, max: 10 });
  pool.on('error', (error) => report('postgres', error));
  // The pool rides in the adapter's options (read back in connect()); its option type does not know it.
  const adapterOptions = { table: POSTGRES_KV_TABLE, pool } as ConstructorParameters<typeof KeyvPostgres>[0];
  const newAdapter = () => new PooledKeyvPostgres(adapterOptions);
  const base = newAdapter();
  base.on('error', (error: unknown) => report('postgres', error));
  try {
    await pool.query('SELECT 1');
    // Queued behind the adapter's CREATE TABLE: proves the table is there for the namespace adapters.
    await base.query(`SELECT 1 FROM ${POSTGRES_KV_TABLE} LIMIT 1`);
    await createIfMissing(
      pool,
      `CREATE TABLE IF NOT EXISTS ${POSTGRES_CLAIM_TABLE} (key TEXT PRIMARY KEY, expires_at TIMESTAMPTZ NOT NULL)`,
    );
    // Who holds a claim ('' when made without a holder); added in place to a table made before it.
    await pool.query(
      `ALTER TABLE ${POSTGRES_CLAIM_TABLE} ADD COLUMN IF NOT EXISTS holder TEXT NOT NULL DEFAULT ''`,
    );
    await createIfMissing(pool, LOG_TABLE_SQL);
    for (const sql of RECENT_TABLE_SQL) await createIfMissing(pool, sql);
  } catch (cause) {
    await pool.end().catch(() => undefined);
    throw new StoreConnectionError('postgres', where, { cause });
  }

  let closed = false;
  const poolQuery = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows;
  const conditional = createSqlConditional({
    table: POSTGRES_KV_TABLE,
    placeholder: (n) => `$${n}`,
    read: poolQuery,
    write: poolQuery,
  });
  return {
    kind: 'postgres',
    logs: createSqlLog({ read: poolQuery, write: poolQuery }, (n) => `$${n}`),
    recent: createSqlRecentLists({ read: poolQuery, write: poolQuery }, (n) => `$${n}`),
    conditional: {
      read: (namespace, key) => conditional.read(`${namespace}:${key}`),
      swap: (namespace, key, expected, next) => conditional.swap(`${namespace}:${key}`, expected, next),
    },
    createKeyv(namespace) {
      const keyv = new Keyv(newAdapter(), { namespace, throwOnErrors: true, ...keyvJson });
      keyv.on('error', (error: unknown) => report(`postgres:${namespace}`, error));
      return keyv;
    },
    locks: postgresLocks(pool),
    async cleanup() {
      // @keyv/postgres has no TTL support: Keyv only deletes an expired row when it reads it.
      await pool.query(
        `DELETE FROM ${POSTGRES_KV_TABLE}
         WHERE CASE WHEN value LIKE '{%' THEN (value::jsonb ->> 'expires')::numeric < $1 ELSE false END`,
        [Date.now()],
      );
      await pool.query(`DELETE FROM ${POSTGRES_CLAIM_TABLE} WHERE expires_at <= clock_timestamp()`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Claims as rows with an expiry and a holder, on the database's clock. */
function postgresLocks(pool: PgPool): Backend['locks'] {
  return {
    async claim(key, ttlMs, holder) {
      checkTtl(ttlMs);
      // One statement, so concurrent claims serialise on the primary key; an expired row is taken
      // over in place. The database clock decides expiry, not each replica's.
      const { rows } = await pool.query(`${CLAIM_SQL} RETURNING key`, [
        key,
        ttlMs,
        holder ?? '',
        REFUSED_CLAIM,
      ]);
      return rows.length === 1;
    },
    async refuse(key, holder) {
      await pool.query(`UPDATE ${POSTGRES_CLAIM_TABLE} SET holder = $3 WHERE key = $1 AND holder = $2`, [
        key,
        holder,
        REFUSED_CLAIM,
      ]);
    },
  };
}

/**
 * A claim taken when free, expired, refused before (REFUSED_CLAIM) or held by the same holder
 * already (its first answer lost). $1 key, $2 time to live in ms, $3 holder ('' for none), $4 the
 * refused mark.
 */
const CLAIM_SQL = `INSERT INTO ${POSTGRES_CLAIM_TABLE} (key, expires_at, holder)
  VALUES ($1, clock_timestamp() + $2::double precision * interval '1 millisecond', $3)
  ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at, holder = EXCLUDED.holder
    WHERE ${POSTGRES_CLAIM_TABLE}.expires_at <= clock_timestamp()
      OR ${POSTGRES_CLAIM_TABLE}.holder = $4
      OR ($3 <> '' AND ${POSTGRES_CLAIM_TABLE}.holder = $3)`;

// Two replicas starting together can race on CREATE TABLE IF NOT EXISTS (unique_violation on the
// catalog, or duplicate_table); either way the table exists afterwards.
async function createIfMissing(pool: PgPool, sql: string): Promise<void> {
  try {
    await pool.query(sql);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== '23505' && code !== '42P07') throw error;
  }
}
