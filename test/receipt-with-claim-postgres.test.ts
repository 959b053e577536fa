import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { POSTGRES_URL, uniqueName } from '../src/store/backends.test-helper.js';
import { POSTGRES_KV_TABLE } from '../src/store/postgres-backend.js';
import { type Harness, startHarness } from './support/harness.js';
import {
  expectNoReceiptForCommandsThatDoNotAct,
  expectReceiptWrittenByClaim,
  type ReceiptWatch,
} from './support/receipt-claims.js';

// On PostgreSQL a lifecycle command's receipt (the intent written before its ack) is written by the
// same statement as the request's replay claim, only when the claim takes: one round trip before
// the ack instead of two. Watched on pg's own Pool.query, which every statement of the app goes
// through, in a database of its own so no other test file's intents are counted.

const DATABASE = uniqueName('receipt').replaceAll('-', '_');
const STORE_URL = POSTGRES_URL.replace(/\/test$/, `/${DATABASE}`);

interface Statement {
  sql: string;
  params: unknown[];
}

const seen: Statement[] = [];
const originalQuery = pg.Pool.prototype.query;
let h: Harness;
let admin: pg.Client;
let db: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  // Every pool of the process: the app's store makes one.
  pg.Pool.prototype.query = function query(this: pg.Pool, ...args: unknown[]) {
    const [sql, params] = args;
    if (typeof sql === 'string') seen.push({ sql, params: Array.isArray(params) ? params : [] });
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
  h = await startHarness({
    env: { STORE_URL, CONSOLE_TIMEOUT_MS: '5000' },
    maxActionsInFlight: 2,
    maxActionsPerWorkspace: 2,
  });
  db = new pg.Client({ connectionString: STORE_URL });
  await db.connect();
});
afterAll(async () => {
  pg.Pool.prototype.query = originalQuery;
  h?.sandbox.setLatency(0);
  await h?.close();
  await db?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.end();
});

const INTENT_KEY = /^intents:([0-9a-f]{24})$/;
const CLAIM_WITH = 'WITH claim AS';
/** The statements that name one intent's key, other than the claims carrying receipts. */
const statementsOf = (id: string, verb: 'INSERT' | 'DELETE') =>
  seen.filter(
    (s) =>
      !s.sql.startsWith(CLAIM_WITH) &&
      s.sql.trimStart().startsWith(verb) &&
      JSON.stringify(s.params).includes(`intents:${id}`),
  );
/** What the app sent PostgreSQL about its receipts, read off pg's Pool.query. */
const watch: ReceiptWatch = {
  reset: () => {
    seen.length = 0;
  },
  claimsWithReceipt: () =>
    seen
      // Parameters: the claim's key, time to live, holder and refused mark, then the intent's key and text.
      .filter((s) => s.sql.startsWith(CLAIM_WITH) && INTENT_KEY.test(String(s.params[4])))
      .map((s) => ({ id: INTENT_KEY.exec(String(s.params[4]))?.[1] ?? '', sent: String(s.params[5]) })),
  writesOf: (id) => statementsOf(id, 'INSERT').map((s) => JSON.stringify(s.params)),
  deletesOf: (id) => statementsOf(id, 'DELETE').length,
  // The namespace also holds each process's lease.
  intentsLeft: async () =>
    (await db.query(`SELECT key FROM ${POSTGRES_KV_TABLE} WHERE key LIKE 'intents:%'`)).rows
      .map((row: { key: string }) => row.key)
      .filter((key) => !key.startsWith('intents:lease:')),
};

describe('a lifecycle command on PostgreSQL: its receipt written by its replay claim', () => {
  it('writes the receipt with the claim, never on its own, and nothing for a replay', () =>
    expectReceiptWrittenByClaim(h, watch));

  it('leaves no receipt behind for a command that does not act: refused by access, from another workspace or as busy', () =>
    expectNoReceiptForCommandsThatDoNotAct(h, watch));
});
