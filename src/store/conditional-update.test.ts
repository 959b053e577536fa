import { afterAll, describe, expect, it } from 'vitest';
import { untilPast } from '../../test/support/clock.js';
import { backendFixture, uniqueName } from './backends.test-helper.js';
import { updateConditionally } from './conditional-update.js';
import type { Store } from './store-types.js';

// Compare-and-set on every backend, through the Store as the app opens it; concurrent updates from
// two Store instances on one server stand for two replicas (SQLite and memory have one replica).

const increment = (store: Store, namespace: string, key: string) =>
  updateConditionally(store.conditional, namespace, key, (current) => {
    const n = typeof current === 'number' ? current : 0;
    return { next: n + 1, result: n + 1 };
  });

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('conditional writes on %s', (kind) => {
  const fixture = backendFixture(kind);
  const namespace = uniqueName('cas');
  afterAll(() => fixture.dispose(namespace));

  it('writes only over the value it expects, an absent key included', async () => {
    const store = await fixture.open();
    const { conditional } = store;
    expect(await conditional.read(namespace, 'k')).toBeUndefined();
    expect(await conditional.swap(namespace, 'k', 'not there', '"x"')).toBe(false);
    expect(await conditional.swap(namespace, 'k', undefined, '{"value":1}')).toBe(true);
    expect(await conditional.swap(namespace, 'k', undefined, '{"value":2}')).toBe(false);
    expect(await conditional.read(namespace, 'k')).toBe('{"value":1}');
    expect(await conditional.swap(namespace, 'k', '{"value":9}', '{"value":2}')).toBe(false);
    expect(await conditional.swap(namespace, 'k', '{"value":1}', '{"value":2}')).toBe(true);
    expect(await store.keyv(namespace).get('k')).toBe(2);
    expect(await conditional.swap(namespace, 'k', '{"value":1}', undefined)).toBe(false);
    expect(await conditional.swap(namespace, 'k', '{"value":2}', undefined)).toBe(true);
    expect(await conditional.read(namespace, 'k')).toBeUndefined();
    expect(await store.keyv(namespace).get('k')).toBeUndefined();
  });

  it('updates what Keyv wrote, and Keyv reads what it wrote', async () => {
    const store = await fixture.open();
    await store.keyv(namespace).set('shared', { channels: ['C1'] });
    await updateConditionally(store.conditional, namespace, 'shared', (current) => {
      const channels = (current as { channels: string[] }).channels;
      return { next: { channels: [...channels, 'C2'] }, result: undefined };
    });
    expect(await store.keyv(namespace).get('shared')).toEqual({ channels: ['C1', 'C2'] });
  });

  it('builds on a value another store wrote after this one read it (SQLite: behind its read cache)', async () => {
    const first = await fixture.open();
    // A second Store on the same file or server; on SQLite a second process's writes (rotate-keys)
    // reach the file without passing this process's read cache.
    const second = kind === 'memory' ? first : await fixture.open();
    await first.keyv(namespace).set('seen', 1);
    expect(await first.keyv(namespace).get('seen')).toBe(1);
    await second.keyv(namespace).set('seen', 5);
    expect(await increment(first, namespace, 'seen')).toBe(6);
    expect(await first.keyv(namespace).get('seen')).toBe(6);
  });

  it('swaps first against what the caller just read, and reads only when that is out of date', async () => {
    const store = await fixture.open();
    const keyv = store.keyv(namespace);
    const reads: string[] = [];
    const counted = {
      ...store.conditional,
      read: (ns: string, key: string) => {
        reads.push(key);
        return store.conditional.read(ns, key);
      },
    };
    const append = (key: string, known: { value: unknown } | undefined, item: number) =>
      updateConditionally(
        counted,
        namespace,
        key,
        (current) => {
          const list = Array.isArray(current) ? current : [];
          return { next: [item, ...list], result: undefined };
        },
        { known },
      );
    // Absent, and known to be: no read.
    await append('known', { value: undefined }, 1);
    // As read through Keyv: no read.
    await append('known', { value: await keyv.get('known') }, 2);
    expect(reads).toEqual([]);
    expect(await keyv.get('known')).toEqual([2, 1]);
    // Out of date (another writer came between): the swap fails, the next attempt reads, nothing lost.
    const stale = { value: await keyv.get('known') };
    await keyv.set('known', [3, 2, 1]);
    await append('known', stale, 4);
    expect(reads).toEqual(['known']);
    expect(await keyv.get('known')).toEqual([4, 3, 2, 1]);
    // Said to be absent while it is there: the same.
    await append('known', { value: undefined }, 5);
    expect(await keyv.get('known')).toEqual([5, 4, 3, 2, 1]);
  });

  it('writes a value that expires when asked to, as Keyv would (Redis expires the key itself)', async () => {
    const store = await fixture.open();
    await updateConditionally(store.conditional, namespace, 'brief', () => ({ next: { n: 1 }, result: 0 }), {
      ttlMs: 80,
    });
    const expiredBy = Date.now() + 80;
    expect(await store.keyv(namespace).get('brief')).toEqual({ n: 1 });
    await untilPast(expiredBy);
    store.forgetReads();
    // Before Keyv reads it (a read of an expired value deletes it): Redis dropped the key on its own.
    if (kind === 'redis') expect(await store.conditional.read(namespace, 'brief')).toBeUndefined();
    expect(await store.keyv(namespace).get('brief')).toBeUndefined();
  });

  it('loses none of 30 concurrent updates, from two stores where replicas share the backend', async () => {
    const first = await fixture.open();
    const second = kind === 'redis' || kind === 'postgres' ? await fixture.open() : first;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => increment(i % 2 === 0 ? first : second, namespace, 'count')),
    );
    // Each update saw a different count: none was built on a value another had already replaced.
    expect(new Set(results).size).toBe(30);
    expect(await first.keyv(namespace).get('count')).toBe(30);
    expect(await second.keyv(namespace).get('count')).toBe(30);
  });
});
