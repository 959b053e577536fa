import { describe, expect, it } from 'vitest';
import {
  applyUpdate,
  emptyRecord,
  MAX_RECORDED_ACTIONS,
  MAX_THREADS,
  recentlyNotFound,
  threadIn,
} from './record.js';

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-01T10:05:00.000Z';
const T2 = '2026-11-01T10:10:00.000Z';

describe('applyUpdate', () => {
  it('keeps each fact with its source and time', () => {
    const record = applyUpdate(
      emptyRecord(4, T0),
      { status: 'running', name: 'Search v2' },
      'platform-read',
      T1,
    );
    expect(record.status).toEqual({ value: 'running', source: 'platform-read', at: T1 });
    expect(record.name).toEqual({ value: 'Search v2', source: 'platform-read', at: T1 });
    expect(record.touchedAt).toBe(T1);
  });

  it('never lets an older observation replace a newer one (replicas write out of order)', () => {
    const newer = applyUpdate(emptyRecord(4, T0), { status: 'stopped' }, 'platform-conflict', T2);
    const late = applyUpdate(newer, { status: 'running' }, 'app-action', T1);
    expect(late.status?.value).toBe('stopped');
    expect(late.touchedAt).toBe(T2);
  });

  it('leaves facts alone when the update says nothing of them, and ignores blank values', () => {
    const base = applyUpdate(emptyRecord(4, T0), { name: 'A', team: 'Search' }, 'app-form', T0);
    const next = applyUpdate(base, { status: 'draft', name: '   ' }, 'app-action', T1);
    expect(next.name?.value).toBe('A');
    expect(next.team?.value).toBe('Search');
  });

  it('keeps the newest actions first, bounded', () => {
    let record = emptyRecord(4, T0);
    for (let i = 0; i < MAX_RECORDED_ACTIONS + 5; i++) {
      const at = new Date(Date.parse(T0) + i * 1000).toISOString();
      record = applyUpdate(
        record,
        { action: { action: 'start', actorId: `U${i}`, at, source: 'slack' } },
        'app-action',
        at,
      );
    }
    expect(record.actions).toHaveLength(MAX_RECORDED_ACTIONS);
    expect(record.actions[0]?.actorId).toBe(`U${MAX_RECORDED_ACTIONS + 4}`);
  });

  it('remembers one thread per channel, bounded, the latest first', () => {
    let record = emptyRecord(4, T0);
    record = applyUpdate(record, { thread: { channelId: 'C1', parentTs: '1.1' } }, 'app-action', T0);
    record = applyUpdate(record, { thread: { channelId: 'C1', parentTs: '2.2' } }, 'app-action', T1);
    expect(threadIn(record, 'C1')?.parentTs).toBe('2.2');
    expect(record.threads).toHaveLength(1);
    for (let i = 0; i < MAX_THREADS + 3; i++) {
      record = applyUpdate(
        record,
        { thread: { channelId: `C${i + 10}`, parentTs: `${i}.0` } },
        'app-action',
        T2,
      );
    }
    expect(record.threads).toHaveLength(MAX_THREADS);
  });

  it('forgets "not found" once the platform reports the experiment, but only for later news', () => {
    const missing = applyUpdate(emptyRecord(9, T0), { notFound: true }, 'platform-read', T1);
    expect(recentlyNotFound(missing, new Date(T1), 60_000)).toBe(true);
    expect(recentlyNotFound(missing, new Date(Date.parse(T1) + 120_000), 60_000)).toBe(false);
    expect(applyUpdate(missing, { status: 'draft' }, 'platform-read', T2).notFound).toBeUndefined();
    expect(applyUpdate(missing, { status: 'draft' }, 'platform-read', T0).notFound).toBeDefined();
  });
});
