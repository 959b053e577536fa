import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { POSTGRES_URL, uniqueName } from '../src/store/backends.test-helper.js';
import { POSTGRES_KV_TABLE } from '../src/store/postgres-backend.js';
import { type Harness, startHarness } from './support/harness.js';

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
/** The claims that carried a receipt: the statement, and the receipt's id. */
const claimsWithReceipt = () =>
  seen
    .filter((s) => s.sql.startsWith('WITH claim AS') && INTENT_KEY.test(String(s.params[2])))
    .map((s) => ({ statement: s, id: INTENT_KEY.exec(String(s.params[2]))?.[1] ?? '' }));
/** The statements other than those claims that name an intent's key. */
const otherWrites = (id: string, verb: 'INSERT' | 'DELETE') =>
  seen.filter(
    (s) =>
      !s.sql.startsWith('WITH claim AS') &&
      s.sql.trimStart().startsWith(verb) &&
      JSON.stringify(s.params).includes(`intents:${id}`),
  );
/** Intents in the store (the namespace also holds each process's lease). */
const intentsLeft = async () =>
  (await db.query(`SELECT key FROM ${POSTGRES_KV_TABLE} WHERE key LIKE 'intents:%'`)).rows
    .map((row: { key: string }) => row.key)
    .filter((key) => !key.startsWith('intents:lease:'));
const starts = (id: number) =>
  h.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
  );

describe('a lifecycle command on PostgreSQL: its receipt written by its replay claim', () => {
  it('writes the receipt with the claim, never on its own, and nothing for a replay', async () => {
    seen.length = 0;
    const form = h.driver.commandForm({ text: 'start 4' });
    const first = await h.driver.signed(form);
    const replay = await h.driver.signed(form);
    expect([first.status, replay.status]).toEqual([200, 200]);
    await h.emulator.waitFor(() => starts(4).length === 1, { message: 'start 4 did not run' });
    await h.app.idle();
    // The request and its replay each made one claim carrying a receipt: only the first took.
    const claims = claimsWithReceipt();
    expect(claims).toHaveLength(2);
    const [taken, refused] = claims;
    expect(String(taken?.statement.params[3])).toContain('"phase":"received"');
    // The action advanced the same intent: its own writes never wrote a receipt.
    const upserts = otherWrites(taken?.id ?? '', 'INSERT');
    expect(upserts.length).toBeGreaterThan(0);
    for (const s of upserts) expect(JSON.stringify(s.params)).not.toContain('\\"phase\\":\\"received\\"');
    expect(otherWrites(refused?.id ?? '', 'INSERT')).toEqual([]);
    // Ended once, by the action that took it over: not again by the receiver's release.
    expect(otherWrites(taken?.id ?? '', 'DELETE')).toHaveLength(1);
    expect(starts(4)).toHaveLength(1);
    expect(await intentsLeft()).toEqual([]);
  });

  it('leaves no receipt behind for a command that does not act: refused by access or as busy', async () => {
    await h.driver.command({ text: 'start 7', userId: EMULATOR_DEFAULTS.guestUserId });
    await h.app.idle();
    expect(await intentsLeft()).toEqual([]);

    h.sandbox.setLatency(1_500, { pathIncludes: '/start' });
    seen.length = 0;
    for (const id of [7, 123]) expect((await h.driver.command({ text: `start ${id}` })).status).toBe(200);
    await h.emulator.waitFor(() => starts(7).length === 1 && starts(123).length === 1, { timeoutMs: 5000 });
    const busy = await h.driver.command({ text: 'start 3' });
    expect(busy.body).toContain('Too many actions are in progress');
    // With no slot free when it was claimed, the busy command's claim carried no receipt.
    expect(claimsWithReceipt()).toHaveLength(2);
    h.sandbox.setLatency(0);
    await h.app.idle();
    expect(starts(3)).toHaveLength(0);
    expect(await intentsLeft()).toEqual([]);
  });
});
