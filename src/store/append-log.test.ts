import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLog, idAt, validCursor } from './append-log.js';
import { backendFixture, uniqueName } from './backends.test-helper.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('append log on %s', (kind) => {
  const fixture = backendFixture(kind);
  const prefix = uniqueName('log');
  afterAll(() => fixture.dispose(prefix));

  it('appends, pages newest first with a cursor, keeps streams apart, and drops one', async () => {
    const store = await fixture.open();
    const stream = `${prefix}:T1`;
    const start = Date.parse('2026-11-01T10:00:00Z');
    for (let i = 0; i < 7; i++)
      await store.logs.append(stream, { n: i }, { at: start + i * 1000, retentionMs: 365 * DAY });
    await store.logs.append(`${prefix}:T2`, { n: 'other' }, { at: start, retentionMs: 365 * DAY });

    const first = await store.logs.read(stream, { limit: 3 });
    expect(first.map((e) => (e.data as { n: number }).n)).toEqual([6, 5, 4]);
    expect(first[0]?.at).toBe(start + 6000);
    const second = await store.logs.read(stream, { before: first.at(-1)?.id, limit: 10 });
    expect(second.map((e) => (e.data as { n: number }).n)).toEqual([3, 2, 1, 0]);
    expect(await store.logs.read(stream, { before: 'not-an-id', limit: 2 })).toHaveLength(2);
    expect((await store.logs.read(`${prefix}:T2`, { limit: 10 })).map((e) => e.data)).toEqual([
      { n: 'other' },
    ]);

    await store.logs.drop(stream);
    expect(await store.logs.read(stream, { limit: 10 })).toEqual([]);
  });

  it('forgets entries older than the retention when appending', async () => {
    const store = await fixture.open();
    const stream = `${prefix}:T3`;
    const now = Date.parse('2026-11-20T10:00:00Z');
    await store.logs.append(stream, { old: true }, { at: now - 10 * DAY, retentionMs: 30 * DAY });
    await store.logs.append(stream, { new: true }, { at: now, retentionMs: 5 * DAY });
    expect((await store.logs.read(stream, { limit: 10 })).map((e) => e.data)).toEqual([{ new: true }]);
    const [newest] = await store.logs.read(stream, { limit: 1 });
    expect(newest && newest.id >= idAt(now)).toBe(true);
  });

  it('keeps the order of appends this process made within one millisecond', async () => {
    const store = await fixture.open();
    const stream = `${prefix}:T5`;
    const at = Date.parse('2026-11-22T10:00:00Z');
    for (let n = 0; n < 40; n++) await store.logs.append(stream, { n }, { at, retentionMs: DAY });
    const all = await store.logs.read(stream, { limit: 50 });
    expect(all.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 40 }, (_, i) => 39 - i));
    expect(all.every((e) => validCursor(e.id) === e.id)).toBe(true);
    const older = await store.logs.read(stream, { before: all[9]?.id, limit: 50 });
    expect(older.map((e) => (e.data as { n: number }).n)).toEqual(
      Array.from({ length: 30 }, (_, i) => 29 - i),
    );
  });

  it('keeps time order when entries arrive out of it (replicas with skewed clocks)', async () => {
    const store = await fixture.open();
    const stream = `${prefix}:T4`;
    const start = Date.parse('2026-11-21T10:00:00Z');
    for (const offset of [5, 1, 9, 3, 7, 0])
      await store.logs.append(stream, { n: offset }, { at: start + offset * 1000, retentionMs: DAY });
    const all = await store.logs.read(stream, { limit: 10 });
    expect(all.map((e) => (e.data as { n: number }).n)).toEqual([9, 7, 5, 3, 1, 0]);
    const older = await store.logs.read(stream, { before: all[2]?.id, limit: 10 });
    expect(older.map((e) => (e.data as { n: number }).n)).toEqual([3, 1, 0]);
  });
});

describe('append log in memory', () => {
  it('keeps at most its bound per stream, dropping the oldest first', async () => {
    const logs = createMemoryLog({ maxEntries: 5 });
    const start = Date.parse('2026-11-01T10:00:00Z');
    for (let i = 0; i < 12; i++)
      await logs.append('T1', { n: i }, { at: start + i * 1000, retentionMs: 365 * DAY });
    await logs.append('T2', { n: 'other' }, { at: start, retentionMs: 365 * DAY });
    const kept = await logs.read('T1', { limit: 100 });
    expect(kept.map((e) => (e.data as { n: number }).n)).toEqual([11, 10, 9, 8, 7]);
    expect(await logs.read('T2', { limit: 100 })).toHaveLength(1);
  });
});
