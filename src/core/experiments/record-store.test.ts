import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../observability/logger.js';
import { backendFixture, uniqueName } from '../../store/backends.test-helper.js';
import { listedValues } from '../../store/conditional-update.js';
import { MAX_INDEXED } from './record-index.js';
import { createExperimentRecords, RELIST_AFTER_MS } from './record-store.js';

/**
 * Records whose store writes (Keyv's set, where the record store asks for them) are counted, and
 * can be held until released or made to fail; `restore` puts the real set back.
 */
function watchedRecords(
  store: Awaited<ReturnType<ReturnType<typeof backendFixture>['open']>>,
  namespace: string,
) {
  const values = listedValues(store, namespace);
  const { keyv } = values;
  const realSet = keyv.set;
  const sets: unknown[] = [];
  let gate: Promise<void> | undefined;
  let failing = false;
  keyv.set = (async (...args: Parameters<typeof realSet>) => {
    sets.push(args[1]);
    if (failing) throw new Error('the store refused the write');
    if (gate) await gate;
    return realSet.apply(keyv, args);
  }) as typeof realSet;
  return {
    records: createExperimentRecords(values),
    sets,
    /** Holds every write from now on; the function returned lets them go. */
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
    fail() {
      failing = true;
    },
    restore() {
      keyv.set = realSet;
    },
  };
}

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
    const records = createExperimentRecords(listedValues(store, namespace), { now: tick });
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
    const observed = await records.observeWithLearnt('T1', 7, [
      { update: { status: 'stopped' }, source: 'app-action' },
    ]);
    expect(observed.learnt).toEqual({ running: ['start'] });
    expect(observed.record.status?.value).toBe('stopped');
    expect(await records.learnt('T2')).toEqual({});

    expect(await records.clear('T1')).toBe(2);
    expect(await records.get('T1', 4)).toBeUndefined();
    expect(await records.all('T1')).toEqual([]);
    expect(await records.learnt('T1')).toEqual({});
    expect(await records.get('T2', 4)).toBeDefined();
  });

  it('answers an observation before writing it; reads and updates here wait for the write', async () => {
    const watched = watchedRecords(await fixture.open(), namespace);
    const { records } = watched;
    await records.update('T5', 9, { status: 'draft' }, 'app-form');
    const release = watched.hold();
    try {
      const observed = await records.observeWithLearnt('T5', 9, [
        { update: { status: 'running' }, source: 'app-action' },
      ]);
      expect(observed.record.status?.value).toBe('running');
      let written = false;
      void observed.written.then(() => {
        written = true;
      });
      const reading = records.get('T5', 9);
      const updating = records.update('T5', 9, { name: 'Named later' }, 'app-form');
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(written).toBe(false);
      release();
      await observed.written;
      expect((await reading)?.status?.value).toBe('running');
      // Read after the write, so the first observation is not written over.
      const later = await updating;
      expect(later.status?.value).toBe('running');
      expect((await records.get('T5', 9))?.name?.value).toBe('Named later');
    } finally {
      watched.restore();
    }
  });

  it("starts an action's write at once; the next update here is its own write, over it", async () => {
    const watched = watchedRecords(await fixture.open(), namespace);
    const { records, sets } = watched;
    const release = watched.hold();
    try {
      const observed = await records.observeWithLearnt('T8', 5, [
        { update: { status: 'running' }, source: 'app-action' },
      ]);
      // Asked of the store by the time the observation answers: nothing waits to go into it.
      expect(sets).toEqual([
        expect.objectContaining({ status: expect.objectContaining({ value: 'running' }) }),
      ]);
      const thread = { channelId: 'C1', parentTs: '1700000000.000100' };
      const updating = records.update('T8', 5, { thread }, 'app-action');
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(sets).toHaveLength(1);
      release();
      await observed.written;
      expect((await updating).status?.value).toBe('running');
      expect(sets).toEqual([
        expect.objectContaining({ threads: [] }),
        expect.objectContaining({
          status: expect.objectContaining({ value: 'running' }),
          threads: [expect.objectContaining(thread)],
        }),
      ]);
      const stored = await records.get('T8', 5);
      expect(stored?.status?.value).toBe('running');
      expect(stored?.threads).toEqual([expect.objectContaining(thread)]);
    } finally {
      watched.restore();
    }
  });

  it("forgets a workspace's record whose write was under way, instead of having it put back after", async () => {
    const watched = watchedRecords(await fixture.open(), namespace);
    const { records } = watched;
    const release = watched.hold();
    let cleared = false;
    try {
      const observed = await records.observeWithLearnt('T7', 11, [
        { update: { status: 'running' }, source: 'app-action' },
      ]);
      const clearing = records.clear('T7').then(() => {
        cleared = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(cleared).toBe(false);
      release();
      await observed.written;
      await clearing;
    } finally {
      watched.restore();
    }
    expect(await records.get('T7', 11)).toBeUndefined();
    expect(await records.all('T7')).toEqual([]);
  });

  it('answers an observation whose write fails, says so through `written`, and writes it later', async () => {
    const store = await fixture.open();
    const watched = watchedRecords(store, namespace);
    const { records, sets } = watched;
    watched.fail();
    try {
      const observed = await records.observeWithLearnt('T6', 3, [
        { update: { status: 'running' }, source: 'app-action' },
      ]);
      expect(observed.record.status?.value).toBe('running');
      await expect(observed.written).rejects.toThrow('the store refused the write');
      // Nothing was stored; what waits on the failed write goes on, and this process still knows it.
      expect(await store.keyv(namespace).get('record:T6:3')).toBeUndefined();
      expect((await records.get('T6', 3))?.status?.value).toBe('running');
      // Tried again while the store still refuses: kept again.
      expect(await records.writeKept()).toBe(1);
      expect(sets).toHaveLength(2);
    } finally {
      watched.restore();
    }
    expect(await records.writeKept()).toBe(0);
    expect(await store.keyv(namespace).get('record:T6:3')).toMatchObject({ status: { value: 'running' } });
  });

  it('ignores a stored record of an unexpected shape instead of trusting it', async () => {
    const store = await fixture.open();
    const keyv = store.keyv(namespace);
    const records = createExperimentRecords(listedValues(store, namespace));
    await keyv.set('record:T9:5', { v: 1, experimentId: 5, status: { value: 42 } });
    expect(await records.get('T9', 5)).toBeUndefined();
    const updated = await records.update('T9', 5, { status: 'draft' }, 'app-form');
    expect(updated.status?.value).toBe('draft');
  });
});

describe('the workspace index', () => {
  it('keeps the most recently written experiments when it overflows', async () => {
    const store = await backendFixture('memory').open();
    const clock = { at: Date.parse('2026-11-28T10:00:00Z') };
    const records = createExperimentRecords(listedValues(store, 'experiments'), {
      now: () => new Date(clock.at),
    });
    for (let id = 1; id <= MAX_INDEXED + 5; id++)
      await records.update('T1', id, { status: 'draft' }, 'app-form');
    // Written again once the process no longer counts it as just listed: back at the head of the
    // list, so it stays when the next ones push past it.
    clock.at += RELIST_AFTER_MS;
    await records.update('T1', 6, { status: 'running' }, 'app-action');
    for (let id = MAX_INDEXED + 6; id <= MAX_INDEXED + 10; id++)
      await records.update('T1', id, { status: 'draft' }, 'app-form');
    const all = (await records.all('T1')).map((r) => r.experimentId);
    expect(all).toHaveLength(MAX_INDEXED);
    expect(all).toContain(MAX_INDEXED + 10);
    expect(all).toContain(6);
    expect(all).not.toContain(10);
    expect(all).not.toContain(1);
  });

  it('reads the record alone and lists it as it writes, never reading the list', async () => {
    const store = await backendFixture('memory').open();
    const keyv = store.keyv('experiments');
    const clock = { at: Date.parse('2026-11-28T10:00:00Z') };
    const records = createExperimentRecords(listedValues(store, 'experiments'), {
      now: () => new Date(clock.at),
    });
    const getMany = vi.spyOn(keyv, 'getMany');
    const sets = vi.spyOn(keyv, 'set');
    const touches = vi.spyOn(store.recent, 'touch');
    const listReads = vi.spyOn(store.recent, 'read');
    const swaps = vi.spyOn(store.conditional, 'swap');
    await records.update('T1', 4, { status: 'draft' }, 'app-form');
    await records.update('T1', 5, { status: 'draft' }, 'app-form');
    // Written again soon after this process listed it: not touched again.
    clock.at += RELIST_AFTER_MS - 1;
    await records.update('T1', 4, { status: 'running' }, 'app-action');
    clock.at += 1;
    await records.update('T1', 4, { status: 'stopped' }, 'app-action');
    expect(getMany.mock.calls).toEqual([
      [['record:T1:4']],
      [['record:T1:5']],
      [['record:T1:4']],
      [['record:T1:4']],
    ]);
    expect(sets.mock.calls.map(([key]) => key)).toEqual([
      'record:T1:4',
      'record:T1:5',
      'record:T1:4',
      'record:T1:4',
    ]);
    expect(touches.mock.calls.map(([list, member, { keep }]) => [list, member, keep])).toEqual([
      ['experiments:index:T1', '4', MAX_INDEXED],
      ['experiments:index:T1', '5', MAX_INDEXED],
      ['experiments:index:T1', '4', MAX_INDEXED],
    ]);
    expect(listReads).not.toHaveBeenCalled();
    expect(swaps).not.toHaveBeenCalled();
    expect(await store.recent.read('experiments:index:T1', 10)).toEqual(['4', '5']);
    expect((await records.all('T1')).map((r) => r.experimentId)).toEqual([4, 5]);
  });

  it('reads the learnt refusals in the same read as the record when an outcome needs both', async () => {
    const store = await backendFixture('memory').open();
    const keyv = store.keyv('experiments');
    const records = createExperimentRecords(listedValues(store, 'experiments'));
    await records.learn('T1', 'running', 'start');
    const getMany = vi.spyOn(keyv, 'getMany');
    const get = vi.spyOn(keyv, 'get');
    const { record, learnt } = await records.observeWithLearnt('T1', 4, [
      { update: { status: 'running' }, source: 'app-action' },
    ]);
    expect(record.status?.value).toBe('running');
    expect(learnt).toEqual({ running: ['start'] });
    expect(getMany.mock.calls).toEqual([[['record:T1:4', 'learnt:T1']]]);
    expect(get).not.toHaveBeenCalled();
    expect(await records.get('T1', 4)).toEqual(record);
    // Nothing learnt yet, or something else stored there: nothing refused.
    await keyv.set('learnt:T2', { v: 1, refusals: 'not a map' });
    expect((await records.observeWithLearnt('T2', 4, [])).learnt).toEqual({});
    expect((await records.observeWithLearnt('T3', 4, [])).learnt).toEqual({});
  });

  it('keeps the record when listing it fails, and lists it at its next update', async () => {
    const store = await backendFixture('memory').open();
    const logger = createMemoryLogger();
    const real = listedValues(store, 'experiments');
    let failing = true;
    const records = createExperimentRecords(
      {
        ...real,
        recent: {
          ...real.recent,
          touch: (...args) =>
            failing ? Promise.reject(new Error('store unavailable')) : real.recent.touch(...args),
        },
      },
      { logger },
    );
    const saved = await records.update('T1', 8, { status: 'draft' }, 'app-form');
    expect(saved.status?.value).toBe('draft');
    expect(await records.get('T1', 8)).toEqual(saved);
    expect(await records.all('T1')).toEqual([]);
    expect(logger.lines.join('\n')).toContain('could not list the experiment in its workspace index');
    failing = false;
    await records.update('T1', 8, { status: 'running' }, 'app-action');
    expect((await records.all('T1')).map((r) => r.experimentId)).toEqual([8]);
  });

  it('merges several observations in one read and one write, as updating with each in turn would', async () => {
    const store = await backendFixture('memory').open();
    const at = new Date('2026-11-01T10:00:00.000Z');
    const keyv = store.keyv('experiments');
    const records = createExperimentRecords(listedValues(store, 'experiments'), { now: () => at });
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

  it("lists what an earlier version's JSON index lists after the list's own, and clears both", async () => {
    const store = await backendFixture('memory').open();
    const keyv = store.keyv('experiments');
    const records = createExperimentRecords(listedValues(store, 'experiments'));
    // Records written by an earlier version: the records and its JSON index, no list.
    for (const id of [1, 2, 3]) await records.update('T1', id, { status: 'draft' }, 'app-form');
    await store.recent.drop('experiments:index:T1');
    await keyv.set('index:T1', { v: 1, ids: [3, 2, 1] });
    await records.update('T1', 2, { status: 'running' }, 'app-action');
    await records.update('T1', 4, { status: 'draft' }, 'app-form');
    expect((await records.all('T1')).map((r) => r.experimentId).sort()).toEqual([1, 2, 3, 4]);
    expect(await records.clear('T1')).toBe(4);
    expect(await records.all('T1')).toEqual([]);
    expect(await keyv.get('index:T1')).toBeUndefined();
    expect(await store.recent.read('experiments:index:T1', 10)).toEqual([]);
    expect(await keyv.get('record:T1:1')).toBeUndefined();
    // Written again right after (the app installed again): listed, though this process listed it lately.
    await records.update('T1', 4, { status: 'draft' }, 'app-form');
    expect((await records.all('T1')).map((r) => r.experimentId)).toEqual([4]);
  });

  it('ignores an earlier index of another shape and list members that are not experiment ids', async () => {
    const store = await backendFixture('memory').open();
    const keyv = store.keyv('experiments');
    const records = createExperimentRecords(listedValues(store, 'experiments'));
    await records.update('T1', 9, { status: 'draft' }, 'app-form');
    for (const junk of ['0', '-1', '1.5', '007', 'abc'])
      await store.recent.touch('experiments:index:T1', junk, { at: Date.now(), keep: 10 });
    for (const bad of [
      { v: 2, ids: [1] },
      { v: 1, ids: [1, '2'] },
      { v: 1, ids: [0] },
      { v: 1, ids: [1.5] },
      [1],
      { v: 1, ids: Array.from({ length: MAX_INDEXED + 1 }, (_, i) => i + 1) },
    ]) {
      await keyv.set('index:T1', bad);
      expect((await records.all('T1')).map((r) => r.experimentId)).toEqual([9]);
    }
  });
});

describe.each(['sqlite', 'redis', 'postgres'] as const)('concurrent writers on %s', (kind) => {
  const fixture = backendFixture(kind);
  const namespace = uniqueName('experiments');
  afterAll(() => fixture.dispose(namespace));

  /** Two replicas on the server; SQLite is one process's file, so one store whose writes still race. */
  async function twoReplicas() {
    const first = await fixture.open();
    const second = kind === 'sqlite' ? first : await fixture.open();
    return [first, second].map((store) => createExperimentRecords(listedValues(store, namespace)));
  }

  it('lists every new experiment two replicas record at the same time', async () => {
    const replicas = await twoReplicas();
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    await Promise.all(ids.map((id) => replicas[id % 2]?.update('T1', id, { status: 'draft' }, 'app-form')));
    const listed = (await replicas[0]?.all('T1'))?.map((r) => r.experimentId).sort((a, b) => a - b);
    expect(listed).toEqual(ids);
  });

  it('keeps every refusal two replicas learn at the same time', async () => {
    const replicas = await twoReplicas();
    const statuses = ['draft', 'running', 'stopped', 'archived', 'paused', 'review'];
    await Promise.all(statuses.map((status, i) => replicas[i % 2]?.learn('T2', status, 'start')));
    const learnt = await replicas[0]?.learnt('T2');
    expect(Object.keys(learnt ?? {}).sort()).toEqual([...statuses].sort());
  });
});
