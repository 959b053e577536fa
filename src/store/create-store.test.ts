import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import {
  backendFixture,
  eventually,
  POSTGRES_URL,
  REDIS_URL,
  uniqueName,
  withPg,
  withRedis,
} from './backends.test-helper.js';
import { createStore, StoreConfigError, StoreConnectionError } from './create-store.js';
import { SQLITE_TABLE } from './sqlite-backend.js';

describe('createStore: STORE_URL', () => {
  it.each([
    '',
    'http://example.test',
    'mysql://db/app',
    'sqlite://',
    'sqlite://:memory:',
    'memory://extra',
    'redis://',
    'rediss://:s3cret-pass@',
    'postgres://',
    'postgresql://user:s3cret-pass@[not-a-host/db',
  ])('rejects %j with StoreConfigError, never echoing a password', async (url) => {
    const error = await createStore(url, { logger: createMemoryLogger() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreConfigError);
    expect((error as StoreConfigError).setting).toBe('STORE_URL');
    expect((error as Error).message).not.toContain('s3cret-pass');
  });

  it.each([
    ['redis', 'redis://default:s3cret-pass@127.0.0.1:1'],
    ['postgres', 'postgres://postgres:s3cret-pass@127.0.0.1:1/test'],
  ])('fails start-up with StoreConnectionError when %s is unreachable', async (kind, url) => {
    const logger = createMemoryLogger();
    const error = await createStore(url, { logger }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreConnectionError);
    expect((error as StoreConnectionError).kind).toBe(kind);
    expect((error as Error).message).toContain('127.0.0.1:1');
    expect((error as Error).message).not.toContain('s3cret-pass');
    expect(logger.lines.join('\n')).not.toContain('s3cret-pass');
  });

  it.each([
    ['redis', `${REDIS_URL}/0?password=Hunter2-Secret&Token=T0ken-Secret`],
    [
      'postgres',
      'postgres://postgres:Hunter2-Secret@127.0.0.1:5432/test?sslmode=disable&password=Hunter2-Secret&api_key=T0ken-Secret',
    ],
  ])('says where the %s store is with the credentials of its URL masked', async (_kind, url) => {
    const logger = createMemoryLogger();
    const store = await createStore(url, { logger });
    await store.close();
    const ready = logger.lines.find((line) => line.includes('store ready')) ?? '';
    expect(ready).toContain('127.0.0.1');
    expect(logger.lines.join('\n')).not.toMatch(/Hunter2-Secret|T0ken-Secret/);
  });

  it('rejects namespaces that would break key parsing', async () => {
    const store = await createStore('memory://', { logger: createMemoryLogger() });
    for (const bad of ['', 'a:b', '-x', 'has space', 'x'.repeat(65)]) {
      expect(() => store.keyv(bad)).toThrow(StoreConfigError);
    }
    expect(store.keyv('dictionaries')).toBe(store.keyv('dictionaries'));
    await store.close();
  });
});

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('createStore on %s', (kind) => {
  const fixture = backendFixture(kind);
  const prefix = uniqueName('store');
  afterAll(() => fixture.dispose(prefix));

  it('reports its kind and gives each namespace its own keys', async () => {
    const store = await fixture.open();
    expect(store.kind).toBe(kind);
    const a = store.keyv(`${prefix}-a`);
    const b = store.keyv(`${prefix}-b`);
    await a.set('k', { n: 1 });
    await b.set('k', { n: 2 });
    expect(await a.get('k')).toEqual({ n: 1 });
    expect(await b.get('k')).toEqual({ n: 2 });
    expect(await a.delete('k')).toBe(true);
    expect(await a.get('k')).toBeUndefined();
    expect(await b.get('k')).toEqual({ n: 2 });
  });

  if (kind !== 'memory') {
    it('persists beyond one Store instance (a real backend, not a silent in-memory fallback)', async () => {
      const writer = await fixture.open();
      await writer.keyv(`${prefix}-shared`).set('k', 'v');
      await writer.close();
      const reader = await fixture.open();
      expect(await reader.keyv(`${prefix}-shared`).get('k')).toBe('v');
    });
  }

  it('iterates one namespace, with the original keys (colons included)', async () => {
    const store = await fixture.open();
    const keyv = store.keyv(`${prefix}-iter`);
    await store.keyv(`${prefix}-iter2`).set('other', 0);
    await keyv.set('E1:T1', 1);
    await keyv.set('T2', 2);
    const iterate = keyv.iterator;
    expect(iterate).toBeDefined();
    const entries: [string, unknown][] = [];
    for await (const [key, value] of iterate?.(undefined) ?? []) entries.push([key as string, value]);
    expect(entries.sort()).toEqual([
      ['E1:T1', 1],
      ['T2', 2],
    ]);
  });

  if (kind === 'redis') {
    it('lists a namespace while a key goes between its SCAN and its MGET: the gone key left out', async () => {
      const store = await fixture.open();
      const keyv = store.keyv(`${prefix}-racing`);
      await keyv.set('ending', 1);
      await keyv.set('staying', 2);
      // As another replica ending an intent while this one's sweep lists them: the key is deleted
      // after SCAN found it and before MGET reads it (on the real Redis, through the adapter's mget).
      const adapter = keyv.store as { mget: (keys: string[]) => Promise<unknown[]> };
      const mget = adapter.mget.bind(adapter);
      adapter.mget = async (keys) => {
        await keyv.delete('ending');
        return mget(keys);
      };
      const entries: [string, unknown][] = [];
      for await (const [key, value] of keyv.iterator?.(keyv.namespace) ?? [])
        entries.push([key as string, value]);
      expect(entries).toEqual([['staying', 2]]);
    });
  }

  it('honours TTLs', async () => {
    const store = await fixture.open();
    const keyv = store.keyv(`${prefix}-ttl`);
    // As in once-guard.test.ts: a 1 ms entry polled until it is gone, never a bet on 100 ms.
    await keyv.set('short', 'x', 1);
    await keyv.set('long', 'y', 60_000);
    await eventually(async () => (await keyv.get('short')) === undefined);
    expect(await keyv.get('long')).toBe('y');
  });

  it('closes idempotently', async () => {
    const store = await fixture.open();
    const keyv = store.keyv(`${prefix}-close`);
    await keyv.set('k', 'v');
    const first = store.close();
    // One shutdown however many callers ask for it: a second pool.end() or client.close() would throw.
    expect(store.close()).toBe(first);
    await expect(first).resolves.toBeUndefined();
    await expect(store.close()).resolves.toBeUndefined();
    // Closed for real. (Not asserted on redis: @keyv/redis reconnects on the next command.)
    if (kind === 'sqlite' || kind === 'postgres') await expect(keyv.get('k')).rejects.toThrow();
    expect(store.logLines.filter((line) => /"level":"(warn|error)"/.test(line))).toEqual([]);
  });

  if (kind !== 'redis') {
    it('deletes expired rows in the background, keeping live ones', async () => {
      const store = await fixture.open({ cleanupIntervalMs: 25 });
      const namespace = `${prefix}-cleanup`;
      const keyv = store.keyv(namespace);
      await keyv.set('kept', 'y');
      await keyv.set('later', 'z', 60_000);
      // Written last and given a second: on a loaded machine a 50 ms row could be swept before the
      // first look below saw it (the test then failed with the cleanup working as it should).
      await keyv.set('expiring', 'x', 1_000);
      const keys = async () => (await fixture.rawRows(store, namespace)).map((r) => r.key).sort();
      expect(await keys()).toEqual([`${namespace}:expiring`, `${namespace}:kept`, `${namespace}:later`]);
      // Never read through Keyv (which would delete on read): only the cleanup can remove the row.
      await eventually(async () => (await keys()).length === 2);
      expect(await keys()).toEqual([`${namespace}:kept`, `${namespace}:later`]);
    });
  }
});

describe('createStore on sqlite', () => {
  const fixture = backendFixture('sqlite');
  afterAll(() => fixture.dispose(''));

  it("creates the database file's missing directory", async () => {
    const path = fixture.url.slice('sqlite://'.length);
    expect(existsSync(dirname(path))).toBe(false);
    const store = await fixture.open();
    await store.keyv('x').set('k', 'v');
    expect(existsSync(path)).toBe(true);
  });

  it('logs keyv error events (and the failing call throws)', async () => {
    const store = await fixture.open();
    const keyv = store.keyv('broken');
    await keyv.set('k', 'v');
    // Break the table under the store: every later write fails inside the adapter.
    const { KeyvSqlite } = await import('@keyv/sqlite');
    const db = new KeyvSqlite({ uri: fixture.url, busyTimeout: 5_000 });
    await db.query(`DROP TABLE ${SQLITE_TABLE}`);
    await db.disconnect();

    await expect(keyv.set('k', 'v2')).rejects.toThrow(/no such table/);
    const line = store.logLines.find((l) => l.includes('"msg":"store error"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 'error',
      source: 'sqlite:broken',
      error: { message: expect.stringContaining('no such table') },
    });
  });
});

describe('createStore on redis', () => {
  const fixture = backendFixture('redis');
  const prefix = uniqueName('raw');
  afterAll(() => fixture.dispose(prefix));

  it('writes keys under exp-chatops:<namespace>: with the TTL delegated to Redis', async () => {
    const store = await fixture.open();
    await store.keyv(prefix).set('E1:T1', 'v', 60_000);
    await store.locks.claim(`${prefix}-claim`, 60_000);
    await withRedis(async (client) => {
      expect(await client.exists(`exp-chatops:${prefix}:E1:T1`)).toBe(1);
      expect(await client.pTTL(`exp-chatops:${prefix}:E1:T1`)).toBeGreaterThan(0);
      expect(await client.pTTL(`exp-chatops:_once:${prefix}-claim`)).toBeGreaterThan(0);
    });
  });

  it('logs keyv error events (and the failing call throws)', async () => {
    const store = await fixture.open();
    const namespace = `${prefix}-wrongtype`;
    await withRedis((client) => client.lPush(`exp-chatops:${namespace}:k`, 'not a string'));
    await expect(store.keyv(namespace).get('k')).rejects.toThrow(/WRONGTYPE/);
    const lines = store.logLines.filter((l) => l.includes('"msg":"store error"'));
    // Adapter and Keyv both emit the same error object: logged once.
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ source: `redis:${namespace}` });
  });
});

describe('createStore on postgres', () => {
  it('survives the server dropping its idle connections (logged, not a crash)', async () => {
    const app = uniqueName('app');
    const logger = createMemoryLogger();
    const store = await createStore(`${POSTGRES_URL}?application_name=${app}`, { logger });
    try {
      const keyv = store.keyv(app);
      await keyv.set('k', 'v');
      const { rows: killed } = await withPg((pool) =>
        pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
          app,
        ]),
      );
      expect(killed.length).toBeGreaterThan(0);
      // Each idle connection reports its own error; once all have, the pool opens fresh ones.
      const reported = () => logger.lines.filter((l) => l.includes('"source":"postgres"')).length;
      await eventually(async () => reported() >= killed.length);
      expect(await keyv.get('k')).toBe('v');
    } finally {
      await store.keyv(app).clear();
      await store.close();
    }
  });
});
