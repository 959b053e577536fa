import { describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../observability/logger.js';
import { backendFixture } from '../../store/backends.test-helper.js';
import { listedValues } from '../../store/conditional-update.js';
import { withOutage } from '../../store/outage.test-helper.js';
import { MAX_KEPT_RECORDS } from './kept-records.js';
import { emptyRecord } from './record.js';
import { createExperimentRecords } from './record-store.js';

// The record store when its store goes away (every call refused, as a Redis client with no offline
// queue refuses while its server restarts) and comes back: what it could not write is kept in the
// process, shown by its reads, and written once the store takes writes again.

async function outageRecords(clock = { at: Date.parse('2026-11-01T10:00:00Z') }) {
  const real = await backendFixture('memory').open();
  const outage = withOutage(real);
  const logger = createMemoryLogger();
  const records = createExperimentRecords(listedValues(outage.store, 'experiments'), {
    logger,
    now: () => new Date(clock.at),
  });
  const stored = (scope: string, id: number) => real.keyv('experiments').get(`record:${scope}:${id}`);
  return { ...outage, real, records, logger, stored, clock };
}

describe('experiment records through a store outage', () => {
  it('keep an observation the store could not read for, show it here, and write it once it can', async () => {
    const o = await outageRecords();
    await o.records.update('T1', 4, { status: 'draft' }, 'app-form');
    o.cut();
    await expect(o.records.update('T1', 4, { status: 'running' }, 'platform-conflict')).rejects.toThrow(
      'The client is offline',
    );
    expect(await o.records.writeKept()).toBe(1);
    o.restore();
    expect(await o.stored('T1', 4)).toMatchObject({ status: { value: 'draft' } });
    expect((await o.records.get('T1', 4))?.status).toMatchObject({
      value: 'running',
      source: 'platform-conflict',
    });
    expect(await o.records.writeKept()).toBe(0);
    expect(await o.stored('T1', 4)).toMatchObject({
      status: { value: 'running', source: 'platform-conflict' },
    });
    expect(o.logger.lines.join('\n')).toContain('experiment record not written: kept to write');
  });

  it('carry what was kept into the next write of the same record', async () => {
    const o = await outageRecords();
    // The store goes away once the record is read, before its write.
    const keyv = o.store.keyv('experiments');
    const read = keyv.getMany.bind(keyv);
    vi.spyOn(keyv, 'getMany').mockImplementationOnce(async (keys: string[]) => {
      const values = await read(keys);
      o.cut();
      return values;
    });
    const observed = await o.records.observeWithLearnt('T1', 5, [
      { update: { status: 'running' }, source: 'app-action' },
    ]);
    await expect(observed.written).rejects.toThrow('The client is offline');
    expect(await o.stored('T1', 5)).toBeUndefined();
    o.restore();
    await o.records.update('T1', 5, { name: 'Checkout' }, 'platform-read');
    expect(await o.stored('T1', 5)).toMatchObject({
      status: { value: 'running' },
      name: { value: 'Checkout' },
    });
    expect(await o.records.writeKept()).toBe(0);
  });

  it('answer from what the caller read before when the store cannot be read, with refusals kept', async () => {
    const o = await outageRecords();
    const known = { ...emptyRecord(6, '2026-11-01T09:00:00.000Z'), name: undefined };
    o.cut();
    await expect(o.records.learn('T1', 'running', 'start')).rejects.toThrow('The client is offline');
    const observed = await o.records.observeWithLearnt(
      'T1',
      6,
      [{ update: { status: 'running' }, source: 'platform-conflict' }],
      { known },
    );
    expect(observed.record).toMatchObject({ experimentId: 6, status: { value: 'running' } });
    expect(observed.learnt).toEqual({ running: ['start'] });
    await expect(observed.written).rejects.toThrow('The client is offline');
    o.restore();
    expect(await o.records.learnt('T1')).toEqual({ running: ['start'] });
    expect(await o.real.keyv('experiments').get('learnt:T1')).toBeUndefined();
    expect(await o.records.writeKept()).toBe(0);
    expect(await o.real.keyv('experiments').get('learnt:T1')).toEqual({
      v: 1,
      refusals: { running: ['start'] },
    });
    expect(await o.stored('T1', 6)).toMatchObject({ status: { value: 'running' } });
  });

  it('merge a kept observation at the time it was learnt: what another replica wrote since wins', async () => {
    const o = await outageRecords();
    o.cut();
    await expect(o.records.update('T1', 7, { status: 'running' }, 'platform-conflict')).rejects.toThrow();
    o.restore();
    o.clock.at += 60_000;
    const other = createExperimentRecords(listedValues(o.real, 'experiments'), {
      now: () => new Date(o.clock.at),
    });
    await other.update('T1', 7, { status: 'stopped', name: 'Later' }, 'event');
    await o.records.writeKept();
    expect(await o.stored('T1', 7)).toMatchObject({ status: { value: 'stopped' }, name: { value: 'Later' } });
  });

  it('forget what was kept of a workspace whose records are cleared', async () => {
    const o = await outageRecords();
    o.cut();
    await expect(o.records.update('T1', 8, { status: 'running' }, 'app-action')).rejects.toThrow();
    await expect(o.records.learn('T1', 'running', 'start')).rejects.toThrow();
    o.restore();
    await o.records.clear('T1');
    expect(await o.records.writeKept()).toBe(0);
    expect(await o.stored('T1', 8)).toBeUndefined();
    expect(await o.records.learnt('T1')).toEqual({});
  });

  it('keep a bounded number of records, dropping the one kept longest and saying so', async () => {
    const o = await outageRecords();
    o.cut();
    for (let id = 1; id <= MAX_KEPT_RECORDS + 1; id++)
      await expect(o.records.update('T1', id, { status: 'running' }, 'app-action')).rejects.toThrow();
    expect(await o.records.writeKept()).toBe(MAX_KEPT_RECORDS);
    expect(o.logger.lines.filter((l) => l.includes('dropped unwritten'))).toHaveLength(1);
    expect(o.logger.lines.find((l) => l.includes('dropped unwritten'))).toContain('"experimentId":1');
    o.restore();
    expect(await o.records.writeKept()).toBe(0);
    expect(await o.stored('T1', 1)).toBeUndefined();
    expect(await o.stored('T1', 2)).toMatchObject({ status: { value: 'running' } });
  });
});
