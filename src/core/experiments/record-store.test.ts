import { afterAll, describe, expect, it, vi } from 'vitest';
import { backendFixture, uniqueName } from '../../store/backends.test-helper.js';
import { createExperimentRecords, MAX_INDEXED } from './record-store.js';

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('experiment records on %s', (kind) => {
  const fixture = backendFixture(kind);
  const namespace = uniqueName('experiments');
  afterAll(() => fixture.dispose(namespace));

  it('stores, merges, lists most recent first and forgets a workspace', async () => {
    const store = await fixture.open();
    let clock = Date.parse('2026-11-01T10:00:00.000Z');
    const tick = () => {
      clock += 1000;
      return new Date(clock);
    };
    const records = createExperimentRecords(store.keyv(namespace), { now: tick });
    await records.update('T1', 4, { name: 'Search v2', status: 'draft' }, 'app-form');
    await records.update('T1', 7, { status: 'running' }, 'platform-read');
    await records.update('T1', 4, { status: 'running' }, 'app-action');
    await records.update('T2', 4, { name: 'Other workspace' }, 'app-form');

    const four = await records.get('T1', 4);
    expect(four?.name?.value).toBe('Search v2');
    expect(four?.status).toMatchObject({ value: 'running', source: 'app-action' });
    expect((await records.all('T1')).map((r) => r.experimentId)).toEqual([4, 7]);
    expect((await records.get('T2', 4))?.name?.value).toBe('Other workspace');

    expect(await records.learn('T1', 'running', 'start')).toEqual({ running: ['start'] });
    expect(await records.learnt('T1')).toEqual({ running: ['start'] });
    expect(await records.learnt('T2')).toEqual({});

    expect(await records.clear('T1')).toBe(2);
    expect(await records.get('T1', 4)).toBeUndefined();
    expect(await records.all('T1')).toEqual([]);
    expect(await records.learnt('T1')).toEqual({});
    expect(await records.get('T2', 4)).toBeDefined();
  });

  it('ignores a stored record of an unexpected shape instead of trusting it', async () => {
    const store = await fixture.open();
    const keyv = store.keyv(namespace);
    const records = createExperimentRecords(keyv);
    await keyv.set('record:T9:5', { v: 1, experimentId: 5, status: { value: 42 } });
    expect(await records.get('T9', 5)).toBeUndefined();
    const updated = await records.update('T9', 5, { status: 'draft' }, 'app-form');
    expect(updated.status?.value).toBe('draft');
  });
});

describe('the workspace index', () => {
  it('keeps the most recently seen experiments when it overflows', async () => {
    const store = await backendFixture('memory').open();
    const records = createExperimentRecords(store.keyv('experiments'));
    for (let id = 1; id <= MAX_INDEXED + 5; id++)
      await records.update('T1', id, { status: 'draft' }, 'app-form');
    const all = await records.all('T1');
    expect(all).toHaveLength(MAX_INDEXED);
    expect(all.some((r) => r.experimentId === MAX_INDEXED + 5)).toBe(true);
    expect(all.some((r) => r.experimentId === 1)).toBe(false);
  });

  it('reads the record and the index together, and writes the index only for a new id', async () => {
    const store = await backendFixture('memory').open();
    const keyv = store.keyv('experiments');
    const records = createExperimentRecords(keyv);
    const gets = vi.spyOn(keyv, 'get');
    const getMany = vi.spyOn(keyv, 'getMany');
    const sets = vi.spyOn(keyv, 'set');
    const setManys = vi.spyOn(keyv, 'setMany');
    await records.update('T1', 4, { status: 'draft' }, 'app-form');
    await records.update('T1', 4, { status: 'running' }, 'app-action');
    // A new id's record and index are one write (one transaction on SQLite, one MULTI on Redis).
    expect(setManys.mock.calls.map(([entries]) => entries.map((e) => e.key))).toEqual([
      ['record:T1:4', 'index:T1'],
    ]);
    expect(getMany.mock.calls).toEqual([[['record:T1:4', 'index:T1']], [['record:T1:4', 'index:T1']]]);
    // The new id's index write is read back once (another replica may have replaced it).
    expect(gets.mock.calls).toEqual([['index:T1']]);
    expect(sets.mock.calls.map(([key]) => key)).toEqual(['record:T1:4', 'index:T1', 'record:T1:4']);
  });

  it('merges several observations in one read and one write, as updating with each in turn would', async () => {
    const store = await backendFixture('memory').open();
    const at = new Date('2026-11-01T10:00:00.000Z');
    const keyv = store.keyv('experiments');
    const records = createExperimentRecords(keyv, { now: () => at });
    const acted = {
      status: 'running',
      action: { action: 'start' as const, actorId: 'U1', at: at.toISOString(), source: 'slack' as const },
    };
    const read = { name: 'Checkout', status: 'running', team: 'growth' };
    await records.update('T-seq', 9, acted, 'app-action');
    const oneByOne = await records.update('T-seq', 9, read, 'platform-read');
    const getMany = vi.spyOn(keyv, 'getMany');
    const sets = vi.spyOn(keyv, 'set');
    const merged = await records.observe('T-obs', 9, [
      { update: acted, source: 'app-action' },
      { update: read, source: 'platform-read' },
    ]);
    expect(merged).toEqual(oneByOne);
    expect(await records.get('T-obs', 9)).toEqual(oneByOne);
    expect(merged.status).toMatchObject({ value: 'running', source: 'platform-read' });
    expect(getMany).toHaveBeenCalledTimes(1);
    expect(sets.mock.calls.map(([key]) => key).filter((key) => key.startsWith('record:'))).toEqual([
      'record:T-obs:9',
    ]);
    getMany.mockRestore();
    sets.mockRestore();
  });

  it('treats an index of another shape as empty, and rebuilds it', async () => {
    const store = await backendFixture('memory').open();
    const keyv = store.keyv('experiments');
    const records = createExperimentRecords(keyv);
    for (const bad of [
      { v: 2, ids: [1] },
      { v: 1, ids: [1, '2'] },
      { v: 1, ids: [0] },
      { v: 1, ids: [1.5] },
      [1],
    ]) {
      await keyv.set('index:T1', bad);
      await records.update('T1', 9, { status: 'draft' }, 'app-form');
      expect(await keyv.get('index:T1')).toEqual({ v: 1, ids: [9] });
    }
    await keyv.set('index:T1', { v: 1, ids: Array.from({ length: MAX_INDEXED + 1 }, (_, i) => i + 1) });
    expect(await records.all('T1')).toEqual([]);
  });
});
