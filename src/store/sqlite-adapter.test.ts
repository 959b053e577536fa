import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import { Keyv } from 'keyv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchSqliteStatements } from '../../test/support/sqlite-statements.js';
import { keyvJson } from './keyv-json.js';
import { CachedKeyvSqlite, createReadCache, type ReadCache } from './sqlite-adapter.js';
import { openSerializedConnection, type SerializedConnection } from './sqlite-connection.js';
import { createSqliteWriter } from './sqlite-writer.js';

// The SQLite adapter's read cache, one-statement deletes and iteration, on a real file, its reads
// on a shared connection and its writes through the writer, as the backend wires them. The
// statements that reach sqlite3 are counted by wrapping Database#all (the read connection's) and
// Statement#all (the writer's, which keeps its statements prepared).

const statements: string[] = [];
let unwatch: () => void;
const dir = mkdtempSync(join(tmpdir(), 'exp-sqlite-adapter-'));
let cache: ReadCache;
let keyv: Keyv;
let adapter: CachedKeyvSqlite;
let writerConnection: SerializedConnection;
let reader: KeyvSqlite;

beforeAll(async () => {
  unwatch = watchSqliteStatements((sql) => statements.push(sql.trim().split(/\s+/)[0] ?? ''));
  cache = createReadCache({ ttlMs: 60_000, maxEntries: 3 });
  const path = join(dir, 'a.sqlite');
  // @keyv/sqlite's connection creates the table, as in the backend, and is the read connection.
  reader = new KeyvSqlite({ uri: `sqlite://${path}` });
  await reader.query('SELECT 1');
  writerConnection = await openSerializedConnection(path, 1_000);
  adapter = new CachedKeyvSqlite(
    { uri: `sqlite://${path}`, table: 'keyv' },
    (sql, ...params) => reader.query(sql, ...params),
    cache,
    createSqliteWriter(writerConnection.query),
  );
  keyv = new Keyv(adapter, { namespace: 'ns', throwOnErrors: true, ...keyvJson });
  await keyv.set('warm', 1);
});

afterAll(async () => {
  unwatch();
  await reader.disconnect();
  await writerConnection.close();
  rmSync(dir, { recursive: true, force: true });
});

const counted = async (run: () => Promise<unknown>) => {
  statements.length = 0;
  await run();
  return [...statements];
};

describe('the SQLite adapter', () => {
  it('answers a read after a write, and repeated reads, without a statement', async () => {
    expect(await counted(() => keyv.set('a', { n: 1 }))).toEqual(['INSERT']);
    expect(await counted(async () => expect(await keyv.get('a')).toEqual({ n: 1 }))).toEqual([]);
    cache.clear();
    expect(await counted(async () => expect(await keyv.get('a')).toEqual({ n: 1 }))).toEqual(['SELECT']);
    expect(await counted(async () => expect(await keyv.get('a')).toEqual({ n: 1 }))).toEqual([]);
  });

  it('remembers that a key is absent, until it is written', async () => {
    expect(await counted(async () => expect(await keyv.get('none')).toBeUndefined())).toEqual(['SELECT']);
    expect(await counted(async () => expect(await keyv.get('none')).toBeUndefined())).toEqual([]);
    await keyv.set('none', 'now');
    expect(await keyv.get('none')).toBe('now');
  });

  it('deletes in one statement, saying whether there was a row', async () => {
    await keyv.set('d', 1);
    expect(await counted(async () => expect(await keyv.delete('d')).toBe(true))).toEqual(['DELETE']);
    expect(await keyv.get('d')).toBeUndefined();
    cache.clear();
    expect(await keyv.get('d')).toBeUndefined();
    expect(await keyv.delete('d')).toBe(false);
    await keyv.set('m1', 1);
    await keyv.set('m2', 2);
    expect(await counted(async () => expect(await keyv.delete(['m1', 'm2'])).toBe(true))).toEqual(['DELETE']);
    expect(await keyv.get(['m1', 'm2'])).toEqual([undefined, undefined]);
  });

  it('writes several keys in one statement, readable at once and from the file', async () => {
    await keyv.set('s2', { old: true });
    const wrote = () =>
      keyv.setMany([
        { key: 's1', value: { n: 1 } },
        { key: 's2', value: { n: 2 } },
      ]);
    expect(await counted(wrote)).toEqual(['INSERT']);
    expect(
      await counted(async () => expect(await keyv.get(['s1', 's2'])).toEqual([{ n: 1 }, { n: 2 }])),
    ).toEqual([]);
    cache.clear();
    expect(await keyv.get(['s1', 's2'])).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('gives the next read what a write issued during a read in flight wrote', async () => {
    await keyv.set('race', 'old');
    cache.clear();
    // Which of the two settles first is sqlite3's; either way the written value must be what is
    // remembered (the order the other way round is the read cache's own test, below).
    const read = keyv.get('race');
    const write = keyv.set('race', 'new');
    expect(['old', 'new']).toContain(await read);
    await write;
    expect(await counted(async () => expect(await keyv.get('race')).toBe('new'))).toEqual([]);
  });

  it('reads only what it does not hold in a getMany', async () => {
    await keyv.set('g1', 1);
    cache.clear();
    await keyv.set('g2', 2);
    expect(await counted(async () => expect(await keyv.get(['g1', 'g2'])).toEqual([1, 2]))).toEqual([
      'SELECT',
    ]);
    expect(await counted(async () => expect(await keyv.get(['g1', 'g2'])).toEqual([1, 2]))).toEqual([]);
  });

  it('keeps at most its bound, oldest forgotten first', async () => {
    cache.clear();
    for (const key of ['b1', 'b2', 'b3', 'b4']) await keyv.set(key, key);
    expect(cache.size).toBe(3);
    expect(await counted(() => keyv.get('b1'))).toEqual(['SELECT']);
    expect(await counted(() => keyv.get('b4'))).toEqual([]);
  });
});

describe('iterating a namespace', () => {
  it("yields every key of the adapter's namespace and none of another's, across pages", async () => {
    const other = new Keyv(
      new CachedKeyvSqlite(
        { uri: 'unused', table: 'keyv' },
        (sql, ...params) => reader.query(sql, ...params),
        cache,
        createSqliteWriter(writerConnection.query),
      ),
      { namespace: 'it', throwOnErrors: true, ...keyvJson },
    );
    const keys = Array.from({ length: 23 }, (_, i) => `k${String(i).padStart(2, '0')}`);
    for (const key of keys) await other.set(key, { key });
    await keyv.set('not-it', 1);
    const seen: [string, unknown][] = [];
    if (!other.iterator) throw new Error('Keyv made no iterator for the adapter');
    for await (const entry of other.iterator(other.namespace) as AsyncIterable<[string, unknown]>)
      seen.push(entry);
    expect(seen.map(([key]) => key)).toEqual(keys);
    expect(seen[0]).toEqual(['k00', { key: 'k00' }]);
  });
});

describe('the read cache', () => {
  it('forgets an entry after its time', async () => {
    const short = createReadCache({ ttlMs: 1, maxEntries: 10 });
    short.written('k', 'v');
    const written = Date.now();
    while (Date.now() - written <= 1) await new Promise((resolve) => setImmediate(resolve));
    expect(short.get('k')).toBeUndefined();
  });

  it('lets a newer read or write win over an older read', () => {
    const c = createReadCache({ ttlMs: 60_000, maxEntries: 10 });
    const first = c.startRead();
    c.written('k', 'written');
    c.readDone('k', 'read before the write', first);
    expect(c.get('k')).toEqual({ value: 'written' });
  });
});
