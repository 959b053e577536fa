import { describe, expect, it } from 'vitest';
import { storedValues } from '../../store/conditional-update.js';
import type { StoredValues } from '../stored-values.js';
import { cancelRequest } from './cancel-request.js';
import { RUNNING_STALE_MS, tellAgainAfterMs } from './due-index.js';
import { HOUR, iso, T0 } from './request-fixtures.test-helper.js';
import { aDraft, aRunner, aWorld, memoryBacking, portsFor } from './request-ports.test-helper.js';
import { createRequestStore } from './request-store.js';
import { runDueRequests } from './run-due.js';
import { submitRequest } from './submit-request.js';

// A request's record moves first and its indexes follow: when the due index's write fails after
// the record moved (the store timed out, the key stayed contended), the entry left says what the
// request was, not what it is. The look at the clock goes by the request.

const FAR = new Date(T0 + 365 * 24 * HOUR);
const RUN_AT = T0 + HOUR;

/** The real store, whose writes of the indexes (due, waiting) fail while `failing` is set. */
async function setUp() {
  const world = aWorld();
  const real = storedValues(await memoryBacking(), 'requests');
  // `passing`: that many of the indexes' writes still go through once failing.
  const faults = { failing: false, passing: 0 };
  const stored: StoredValues = {
    keyv: real.keyv,
    update: (key, change, options) => {
      const index = key === 'due' || key.startsWith('waiting:');
      if (!faults.failing || !index) return real.update(key, change, options);
      if (faults.passing > 0) {
        faults.passing -= 1;
        return real.update(key, change, options);
      }
      return Promise.reject(new Error('the store timed out'));
    },
  };
  const requests = createRequestStore({ stored, now: () => new Date(world.clock.at) });
  const { ports, notices } = portsFor(world, requests);
  const runner = aRunner();
  const schedule = async (experimentId: number, runAt = RUN_AT) => {
    const draft = aDraft({ runAt: iso(runAt), what: { action: 'start', experimentId } });
    const outcome = await submitRequest(ports, draft, runner.run, { attestedInChannel: true });
    if (outcome.kind !== 'scheduled') throw new Error(`expected scheduled, got ${outcome.kind}`);
    return outcome.request;
  };
  /** Cancelled, but its due entry left behind by a failed index write. */
  const cancelLeavingEntry = async (id: string) => {
    faults.failing = true;
    // The entry at the time its ending is to be told, written before the move, goes through.
    faults.passing = 1;
    // The record moved: the cancel is told as done; the index's failure is the store's to report.
    expect(await cancelRequest(ports, { scope: 'T1', id, by: 'U1' })).toMatchObject({ kind: 'cancelled' });
    faults.failing = false;
    expect((await requests.get('T1', id))?.state).toBe('cancelled');
  };
  const duePass = () => runDueRequests(ports, () => runner.run);
  return { world, faults, requests, runner, notices, schedule, cancelLeavingEntry, duePass };
}

describe('due entries of requests that ended', () => {
  it('are dropped by the next look at the clock, which then reports nothing due', async () => {
    const { world, requests, runner, schedule, cancelLeavingEntry, duePass } = await setUp();
    const request = await schedule(4);
    await cancelLeavingEntry(request.id);
    const tellAt = T0 + tellAgainAfterMs(RUNNING_STALE_MS);
    expect(await requests.due(FAR, 10)).toEqual([{ scope: 'T1', id: request.id, dueAt: tellAt }]);
    world.clock.at = RUN_AT;
    expect(await duePass()).toEqual({ handled: 0, nextDueAt: undefined });
    expect(await requests.due(FAR, 10)).toEqual([]);
    expect(runner.calls).toHaveLength(0);
  });

  it('of an ending whose process died right after its move: told at its time all the same', async () => {
    const { world, faults, requests, notices, schedule, duePass } = await setUp();
    const request = await schedule(4);
    faults.failing = true;
    faults.passing = 1;
    // The dying process: its cancel moved the record, its index writes and its telling never came.
    expect((await requests.apply('T1', request.id, { kind: 'cancel', by: 'U1' }))?.ok).toBe(true);
    faults.failing = false;
    world.clock.at = T0 + tellAgainAfterMs(RUNNING_STALE_MS);
    expect((await duePass()).handled).toBe(1);
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'cancelled', by: 'U1' }]);
    expect(await requests.due(FAR, 10)).toEqual([]);
  });

  it('do not keep a request due after them from running, however many there are', async () => {
    const { world, runner, schedule, cancelLeavingEntry, duePass } = await setUp();
    for (let experimentId = 1; experimentId <= 60; experimentId++)
      await cancelLeavingEntry((await schedule(experimentId)).id);
    const due = await schedule(100, RUN_AT + 1000);
    world.clock.at = RUN_AT + 2000;
    for (let pass = 0; pass < 3; pass++) await duePass();
    expect(runner.calls.map((c) => c.request.id)).toEqual([due.id]);
  });

  it('of a request claimed to run, whose index write after the move failed, end it once stale', async () => {
    const { world, faults, requests, runner, schedule, duePass } = await setUp();
    const request = await schedule(4);
    world.clock.at = RUN_AT;
    // Listed at its stale time before the claim moved it; the index write after the move failed.
    faults.passing = 1;
    faults.failing = true;
    expect(await requests.apply('T1', request.id, { kind: 'run' })).toMatchObject({ ok: true });
    faults.failing = false;
    expect(await requests.due(FAR, 10)).toEqual([
      { scope: 'T1', id: request.id, dueAt: RUN_AT + RUNNING_STALE_MS },
    ]);
    world.clock.at = RUN_AT + RUNNING_STALE_MS - 1;
    expect((await duePass()).handled).toBe(0);
    expect((await requests.get('T1', request.id))?.state).toBe('running');
    world.clock.at = RUN_AT + RUNNING_STALE_MS;
    expect((await duePass()).handled).toBe(1);
    expect(await requests.get('T1', request.id)).toMatchObject({
      state: 'outcome-unknown',
      why: 'interrupted',
    });
    expect(runner.calls).toHaveLength(0);
  });

  it('of a request the claim could not list at its stale time, leave it scheduled, claimed by the next pass', async () => {
    const { world, faults, requests, runner, schedule, duePass } = await setUp();
    const request = await schedule(4);
    world.clock.at = RUN_AT;
    faults.failing = true;
    await expect(requests.apply('T1', request.id, { kind: 'run' })).rejects.toThrow();
    faults.failing = false;
    expect((await requests.get('T1', request.id))?.state).toBe('scheduled');
    expect((await duePass()).handled).toBe(1);
    expect(runner.calls.map((c) => c.request.id)).toEqual([request.id]);
  });
});
