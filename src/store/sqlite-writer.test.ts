import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSerializedConnection, type SerializedConnection } from './sqlite-connection.js';
import { createSqliteWriter, type SqliteWriter } from './sqlite-writer.js';

// The file's one writer on a real SQLite file: what reaches the connection is recorded by wrapping
// the query function the writer is given (each statement's first words, in order), and what was
// committed is read back through a second connection, as the namespaces' adapters read.

const dir = mkdtempSync(join(tmpdir(), 'exp-sqlite-writer-'));
const path = join(dir, 'w.sqlite');
let connection: SerializedConnection;
let reader: KeyvSqlite;
let writer: SqliteWriter;
const statements: string[] = [];

const newWriter = (maxBatch?: number) =>
  createSqliteWriter((sql, ...params) => {
    statements.push(sql.split(' ').slice(0, 2).join(' '));
    return connection.query(sql, ...params);
  }, maxBatch);
const storedValue = async (key: string) =>
  ((await reader.query('SELECT value FROM keyv WHERE key = ?', key)) as { value: string }[])[0]?.value;

beforeAll(async () => {
  // The reader creates @keyv/sqlite's table, as the backend's first connection does.
  reader = new KeyvSqlite({ uri: `sqlite://${path}` });
  await reader.query('PRAGMA journal_mode=WAL');
  await reader.query('CREATE TABLE log (stream TEXT, id TEXT, data TEXT, PRIMARY KEY (stream, id))');
  connection = await openSerializedConnection(path, 1_000);
  writer = newWriter();
});

afterAll(async () => {
  await writer.drained();
  await connection.close();
  await reader.disconnect();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  statements.length = 0;
});

describe("the SQLite file's one writer", () => {
  it('runs a write that finds it idle on its own, without a transaction around it', async () => {
    await writer.upsert('keyv', [['alone', 'a']]);
    expect(statements).toEqual(['INSERT INTO']);
    expect(await storedValue('alone')).toBe('a');
    expect(await writer.remove('keyv', ['alone'])).toBe(true);
    expect(await writer.remove('keyv', ['alone'])).toBe(false);
    expect(await storedValue('alone')).toBeUndefined();
  });

  it('commits writes made together in one transaction, merged by kind and table', async () => {
    await writer.upsert('keyv', [['gone', 'g']]);
    statements.length = 0;
    const [, , removedGone, removedNothing] = await Promise.all([
      writer.upsert('keyv', [['a', '1']]),
      writer.upsert('keyv', [
        ['b', '2'],
        ['c', '3'],
      ]),
      writer.remove('keyv', ['gone']),
      writer.remove('keyv', ['never']),
      writer.insertNew('log', ['stream', 'id', 'data'], [['s', '1', 'x']]),
      writer.insertNew('log', ['stream', 'id', 'data'], [['s', '2', 'y']]),
    ]);
    expect(statements).toEqual(['BEGIN IMMEDIATE', 'INSERT INTO', 'DELETE FROM', 'INSERT INTO', 'COMMIT']);
    expect([await storedValue('a'), await storedValue('b'), await storedValue('c')]).toEqual(['1', '2', '3']);
    expect(await storedValue('gone')).toBeUndefined();
    // Each delete says whether its own keys were there, though they shared a statement.
    expect([removedGone, removedNothing]).toEqual([true, false]);
    expect(await reader.query("SELECT id FROM log WHERE stream = 's' ORDER BY id")).toEqual([
      { id: '1' },
      { id: '2' },
    ]);
  });

  it('keeps the order of writes to one key: a key met again starts the next statement', async () => {
    await Promise.all([
      writer.upsert('keyv', [['k', 'first']]),
      writer.upsert('keyv', [['other', 'x']]),
      writer.remove('keyv', ['k']),
      writer.upsert('keyv', [['k', 'last']]),
    ]);
    expect(statements).toEqual(['BEGIN IMMEDIATE', 'INSERT INTO', 'DELETE FROM', 'INSERT INTO', 'COMMIT']);
    expect(await storedValue('k')).toBe('last');
    expect(await storedValue('other')).toBe('x');
  });

  it('writes a key upserted twice in a batch once, with the later value', async () => {
    await Promise.all([
      writer.upsert('keyv', [['twice', 'earlier']]),
      writer.upsert('keyv', [['beside', 'b']]),
      writer.upsert('keyv', [['twice', 'later']]),
    ]);
    // Merged into one statement, atomic on its own: no transaction around it.
    expect(statements).toEqual(['INSERT INTO']);
    expect([await storedValue('twice'), await storedValue('beside')]).toEqual(['later', 'b']);
  });

  it('runs each write of a batch merged into one failing statement on its own', async () => {
    const results = await Promise.allSettled([
      writer.upsert('no_such_table', [['x', '1']]),
      writer.upsert('no_such_table', [['y', '2']]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(statements).toEqual(['INSERT INTO', 'INSERT INTO', 'INSERT INTO']);
    // The good write of a mixed batch still lands.
    statements.length = 0;
    const mixed = await Promise.allSettled([
      writer.upsert('keyv', [['fine', 'f']]),
      writer.upsert('keyv', [['fine2', 'g']]),
    ]);
    expect(mixed.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(statements).toEqual(['INSERT INTO']);
  });

  it('runs any other statement in its place, after the writes made before it', async () => {
    await Promise.all([
      writer.upsert('keyv', [['r1', '1']]),
      writer.run("DELETE FROM keyv WHERE key LIKE 'r%'"),
      writer.upsert('keyv', [['r2', '2']]),
    ]);
    expect(statements).toEqual(['BEGIN IMMEDIATE', 'INSERT INTO', 'DELETE FROM', 'INSERT INTO', 'COMMIT']);
    expect([await storedValue('r1'), await storedValue('r2')]).toEqual([undefined, '2']);
  });

  it('commits what arrives during a commit with the next one, a write settled only once committed', async () => {
    const first = writer.upsert('keyv', [['q0', '0']]);
    await Promise.resolve();
    await Promise.resolve();
    // q0 is now on its way alone; these three wait for it and then share one commit.
    const rest = [1, 2, 3].map((n) => writer.upsert('keyv', [[`q${n}`, String(n)]]));
    let firstSettled = false;
    void first.then(() => {
      firstSettled = true;
    });
    await rest[0];
    expect(firstSettled).toBe(true);
    await Promise.all(rest);
    expect(statements).toEqual(['INSERT INTO', 'INSERT INTO']);
    for (const n of [0, 1, 2, 3]) expect(await storedValue(`q${n}`)).toBe(String(n));
  });

  it('runs each write again on its own when a statement of the batch fails, each with its own outcome', async () => {
    const results = await Promise.allSettled([
      writer.upsert('keyv', [['before-bad', 'b']]),
      writer.run('INSERT INTO no_such_table (key) VALUES (?)', 'x'),
      writer.upsert('keyv', [['after-bad', 'a']]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/no such table/);
    expect(await storedValue('before-bad')).toBe('b');
    expect(await storedValue('after-bad')).toBe('a');
    expect(statements.slice(statements.indexOf('ROLLBACK'))).toEqual([
      'ROLLBACK',
      'INSERT INTO',
      'INSERT INTO',
      'INSERT INTO',
    ]);
  });

  it('runs each write again on its own when a failure rolls the whole transaction back', async () => {
    await writer.upsert('keyv', [['taken', 'old']]);
    statements.length = 0;
    // OR ROLLBACK: a conflict ends the whole transaction, so the statements after it commit on
    // their own and the COMMIT finds no transaction.
    const results = await Promise.allSettled([
      writer.upsert('keyv', [['rb-before', 'b']]),
      writer.run('INSERT OR ROLLBACK INTO keyv (key, value) VALUES (?, ?)', 'taken', 'new'),
      writer.upsert('keyv', [['rb-after', 'a']]),
      writer.insertNew('log', ['stream', 'id', 'data'], [['rb', '1', 'x']]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint/);
    expect([
      await storedValue('rb-before'),
      await storedValue('rb-after'),
      await storedValue('taken'),
    ]).toEqual(['b', 'a', 'old']);
    // The log entry committed on its own after the rollback and was inserted again: kept once.
    expect(await reader.query("SELECT COUNT(*) AS n FROM log WHERE stream = 'rb'")).toEqual([{ n: 1 }]);
    expect(statements).toContain('ROLLBACK');
  });

  it('takes at most its bound in one transaction', async () => {
    const small = newWriter(3);
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => small.upsert('keyv', [[`b${n}`, String(n)]])));
    // Seven writes together: three, three, then the last one on its own (each batch's upserts one
    // statement; without the bound, one statement for all seven).
    expect(statements).toEqual(['INSERT INTO', 'INSERT INTO', 'INSERT INTO']);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(await storedValue(`b${n}`)).toBe(String(n));
  });

  it('says when everything queued has settled', async () => {
    const pending = [1, 2].map((n) => writer.upsert('keyv', [[`d${n}`, String(n)]]));
    let settled = 0;
    for (const p of pending) void p.then(() => settled++);
    await writer.drained();
    expect(settled).toBe(2);
    expect(statements).toEqual(['INSERT INTO']);
    await expect(writer.drained()).resolves.toBeUndefined();
  });
});
