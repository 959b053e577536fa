import { afterAll, describe, expect, it } from 'vitest';
import { backendFixture, uniqueName } from './backends.test-helper.js';
import { MAX_RECENT, RecentListError } from './recent-lists.js';

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('recent lists on %s', (kind) => {
  const fixture = backendFixture(kind);
  const prefix = uniqueName('recent');
  afterAll(() => fixture.dispose(prefix));
  const at = Date.parse('2026-11-28T10:00:00Z');

  it('reads the most recently touched first, a touch moving a member to the head', async () => {
    const store = await fixture.open();
    const list = `${prefix}:index:T1`;
    for (const [i, member] of ['1', '2', '3', '4'].entries())
      await store.recent.touch(list, member, { at: at + i, keep: 10 });
    await store.recent.touch(list, '2', { at: at + 10, keep: 10 });
    await store.recent.touch(`${prefix}:index:T2`, '99', { at, keep: 10 });
    expect(await store.recent.read(list, 10)).toEqual(['2', '4', '3', '1']);
    expect(await store.recent.read(list, 2)).toEqual(['2', '4']);
    expect(await store.recent.read(list, 0)).toEqual([]);
    expect(await store.recent.read(list, 2.9)).toEqual(['2', '4']);
    expect(await store.recent.read(list, Number.NaN)).toEqual([]);
    expect(await store.recent.read(list, -5)).toEqual([]);
    expect(await store.recent.read(list, Number.POSITIVE_INFINITY)).toEqual(['2', '4', '3', '1']);
    expect(await store.recent.read(`${prefix}:index:T2`, 10)).toEqual(['99']);
    expect(await store.recent.read(`${prefix}:index:none`, 10)).toEqual([]);
    await store.recent.drop(list);
    expect(await store.recent.read(list, 10)).toEqual([]);
    expect(await store.recent.read(`${prefix}:index:T2`, 10)).toEqual(['99']);
  });

  it('keeps a list to its length, forgetting the least recently touched', async () => {
    const store = await fixture.open();
    const list = `${prefix}:index:T3`;
    for (let i = 1; i <= 8; i++) await store.recent.touch(list, String(i), { at: at + i, keep: 5 });
    // What a read returns is bounded by the length asked for whatever the list holds.
    expect(await store.recent.read(list, 5)).toEqual(['8', '7', '6', '5', '4']);
    if (kind === 'sqlite' || kind === 'postgres') {
      // SQL trims at most once a minute a list: a touch a minute later forgets the rest.
      await store.recent.touch(list, '9', { at: at + 61_000, keep: 5 });
    }
    expect(await store.recent.read(list, 100)).toEqual(
      kind === 'sqlite' || kind === 'postgres' ? ['9', '8', '7', '6', '5'] : ['8', '7', '6', '5', '4'],
    );
  });

  it('lists a member once whatever the number of replicas touching it at once', async () => {
    const first = await fixture.open();
    const second = kind === 'sqlite' || kind === 'memory' ? first : await fixture.open();
    const list = `${prefix}:index:T4`;
    const members = Array.from({ length: 30 }, (_, i) => String(i + 1));
    await Promise.all(
      members.flatMap((member, i) => [
        first.recent.touch(list, member, { at: at + i, keep: 100 }),
        second.recent.touch(list, member, { at: at + i, keep: 100 }),
      ]),
    );
    expect(await first.recent.read(list, 100)).toEqual([...members].reverse());
  });

  it('refuses names, members and lengths it cannot keep, writing nothing', async () => {
    const store = await fixture.open();
    const list = `${prefix}:index:T5`;
    const touch = (name: string, member: string, keep = 10) => store.recent.touch(name, member, { at, keep });
    await expect(touch('', '1')).rejects.toThrow(RecentListError);
    await expect(touch(`${prefix}: spaced`, '1')).rejects.toThrow(RecentListError);
    await expect(touch(`${prefix}:${'x'.repeat(300)}`, '1')).rejects.toThrow(RecentListError);
    await expect(touch(list, '')).rejects.toThrow(RecentListError);
    await expect(touch(list, 'a b')).rejects.toThrow(RecentListError);
    await expect(touch(list, '1', 0)).rejects.toThrow(RecentListError);
    await expect(touch(list, '1', MAX_RECENT + 1)).rejects.toThrow(RecentListError);
    await expect(store.recent.read('bad name', 10)).rejects.toThrow(RecentListError);
    expect(await store.recent.read(list, 10)).toEqual([]);
  });
});
