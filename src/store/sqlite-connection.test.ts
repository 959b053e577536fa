import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSerializedConnection, type SerializedConnection } from './sqlite-connection.js';

// The app's SQLite connection on a real file: statements in the order issued, prepared once and
// kept, a failed one never reused, and reads through a kept statement seeing other connections'
// commits.

const dir = mkdtempSync(join(tmpdir(), 'exp-sqlite-connection-'));
const path = join(dir, 'c.sqlite');
let connection: SerializedConnection;

beforeAll(async () => {
  connection = await openSerializedConnection(path, 1_000);
  await connection.query('PRAGMA journal_mode=WAL');
  await connection.query('CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT)');
  await connection.query('CREATE TABLE once (key TEXT PRIMARY KEY)');
});

afterAll(async () => {
  await connection.close();
  rmSync(dir, { recursive: true, force: true });
});

const storedValue = async (key: string) =>
  ((await connection.query('SELECT value FROM kv WHERE key = ?', key)) as { value: string }[])[0]?.value;

describe("the app's SQLite connection", () => {
  it('runs statements issued at once in the order they were issued', async () => {
    // Two kept statements alternating on one key: run out of order, the last value would not win.
    const upsert =
      'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value';
    const replace = 'INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)';
    const issued = Array.from({ length: 200 }, (_, i) =>
      connection.query(i % 2 ? upsert : replace, 'order', String(i)),
    );
    await Promise.all(issued);
    expect(await storedValue('order')).toBe('199');
  });

  it('prepares a statement once and reuses it', async () => {
    const before = connection.preparedCount();
    for (let i = 0; i < 50; i++)
      await connection.query('SELECT value FROM kv WHERE key = ? AND 1 = 1', `k${i}`);
    expect(connection.preparedCount() - before).toBe(1);
  });

  it('keeps at most its bound, the least recently used finalised first, and still closes', async () => {
    const other = await openSerializedConnection(path, 1_000);
    const distinct = (n: number) => other.query(`SELECT ${n} AS n`);
    for (let n = 0; n < 70; n++) await distinct(n);
    expect(other.preparedCount()).toBe(70);
    await distinct(69);
    expect(other.preparedCount()).toBe(70);
    await distinct(0);
    expect(other.preparedCount()).toBe(71);
    // sqlite3 refuses to close a connection with a statement left unfinalised.
    await expect(other.close()).resolves.toBeUndefined();
  });

  it('rejects a failing statement, prepares it again next time, and runs what was issued after it', async () => {
    const insert = 'INSERT INTO once (key) VALUES (?)';
    await connection.query(insert, 'a');
    const before = connection.preparedCount();
    const failed = connection.query(insert, 'a');
    const after = connection.query(insert, 'b');
    await expect(failed).rejects.toThrow(/UNIQUE/);
    await expect(after).resolves.toEqual([]);
    expect(connection.preparedCount() - before).toBe(1);
    await expect(connection.query('SELEKT 1')).rejects.toThrow(/syntax/);
    await expect(connection.query('SELEKT 1')).rejects.toThrow(/syntax/);
  });

  it("reads another connection's commit through a statement it keeps", async () => {
    const writer = await openSerializedConnection(path, 1_000);
    try {
      await writer.query('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)', 'seen', 'first');
      expect(await storedValue('seen')).toBe('first');
      await writer.query('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)', 'seen', 'second');
      expect(await storedValue('seen')).toBe('second');
    } finally {
      await writer.close();
    }
  });
});
