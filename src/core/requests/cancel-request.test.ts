import { describe, expect, it } from 'vitest';
import type { RequestDraft } from './action-request.js';
import { cancelRequest } from './cancel-request.js';
import { decideRequest } from './decide-request.js';
import { aMember, HOUR, iso, policyWith, T0 } from './request-fixtures.test-helper.js';
import { aDraft, aStoredWorld, portsFor, requestsOn, type World } from './request-ports.test-helper.js';
import { runDueRequests } from './run-due.js';
import { MISSED_AFTER_MS } from './transitions.js';

/** Lets `n` turns of the microtask queue go by. */
async function ticks(n: number) {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

const FAR = new Date(T0 + 365 * 24 * HOUR);
const RUN_AT = T0 + HOUR;

async function setUp(change: (world: World) => void = () => {}) {
  const { world, backing, requests, runner, stored, ...recorded } = await aStoredWorld(change);
  const schedule = (draft: RequestDraft = aDraft({ runAt: iso(RUN_AT) })) => stored(draft);
  const cancel = (id: string, by: string) => cancelRequest(recorded.ports, { scope: 'T1', id, by });
  /** Looks at the clock at its time and at the end of every window it has. */
  const passesUntilLate = async () => {
    for (const at of [RUN_AT, RUN_AT + MISSED_AFTER_MS + 1, T0 + 48 * HOUR]) {
      world.clock.at = at;
      expect((await runDueRequests(recorded.ports, () => runner.run)).handled).toBe(0);
    }
  };
  return { world, backing, requests, runner, schedule, cancel, passesUntilLate, ...recorded };
}

describe('cancelling a request', () => {
  it('by its author, a scheduled request ends, the people are told, and it never runs', async () => {
    const { schedule, cancel, requests, runner, notices, audits, passesUntilLate } = await setUp();
    const request = await schedule();
    expect(await cancel(request.id, 'U1')).toMatchObject({
      kind: 'cancelled',
      request: { state: 'cancelled' },
    });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'cancelled', by: 'U1' }]);
    expect(audits.at(-1)).toMatchObject({ outcome: 'cancelled', userId: 'U1' });
    expect(await requests.waiting('T1')).toEqual([]);
    expect(await requests.due(FAR, 100)).toEqual([]);
    await passesUntilLate();
    expect(runner.calls).toHaveLength(0);
    expect((await requests.get('T1', request.id))?.state).toBe('cancelled');
  });

  it('a scheduled request waiting for approval ends with its approval: it can no longer be approved or run', async () => {
    const { schedule, cancel, requests, runner, ports, passesUntilLate } = await setUp((w) => {
      w.policy = policyWith('start', { approval: true });
    });
    const request = await schedule();
    expect(request.state).toBe('pending-approval');
    expect((await cancel(request.id, 'U1')).kind).toBe('cancelled');
    const late = await decideRequest(
      ports,
      { scope: 'T1', id: request.id, by: 'U2', decision: 'approve' },
      runner.run,
    );
    expect(late).toMatchObject({ kind: 'already', request: { state: 'cancelled' } });
    await passesUntilLate();
    expect(runner.calls).toHaveLength(0);
    expect(await requests.waiting('T1')).toEqual([]);
  });

  it('by another member, nothing changes; by an admin, it ends', async () => {
    const { schedule, cancel, requests, notices } = await setUp((w) => {
      w.people.set('U9', aMember('U9', { isAdmin: true, isGuest: true }));
    });
    const request = await schedule();
    expect(await cancel(request.id, 'U3')).toMatchObject({ kind: 'not-allowed' });
    expect(await cancel(request.id, 'U9')).toMatchObject({ kind: 'not-allowed' });
    expect(await cancel(request.id, 'U-unknown')).toMatchObject({ kind: 'not-allowed' });
    expect((await requests.get('T1', request.id))?.state).toBe('scheduled');
    expect(notices).toEqual([]);
    expect(await cancel(request.id, 'U2')).toMatchObject({
      kind: 'cancelled',
      request: { state: 'cancelled' },
    });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'cancelled', by: 'U2' }]);
  });

  it('once it runs, it is too late; an unknown request is not found', async () => {
    const { schedule, cancel, requests, world, notices } = await setUp();
    const request = await schedule();
    world.clock.at = RUN_AT;
    await requests.apply('T1', request.id, { kind: 'run' });
    expect(await cancel(request.id, 'U1')).toMatchObject({ kind: 'too-late', request: { state: 'running' } });
    expect(await cancel('00000000-0000-4000-8000-000000000000', 'U1')).toEqual({ kind: 'not-found' });
    expect(notices).toEqual([]);
  });

  it('at the moment it falls due on another replica, either it is cancelled and never runs, or it runs and the cancel is too late', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 16; round++) {
      const { schedule, world, backing, runner } = await setUp();
      const request = await schedule();
      world.clock.at = RUN_AT;
      const runnerSide = portsFor(world, requestsOn(world, backing));
      const cancelSide = portsFor(world, requestsOn(world, backing));
      const [pass, cancelled] = await Promise.all([
        runDueRequests(runnerSide.ports, () => runner.run),
        // The cancel starts a little later each round, so it meets the run at every step of it.
        ticks(round).then(() => cancelRequest(cancelSide.ports, { scope: 'T1', id: request.id, by: 'U1' })),
      ]);
      seen.add(cancelled.kind);
      if (cancelled.kind === 'cancelled') {
        expect(runner.calls).toHaveLength(0);
        expect(pass.handled).toBe(0);
      } else {
        expect(cancelled.kind).toBe('too-late');
        expect(runner.calls).toHaveLength(1);
      }
    }
    // Both orders were met: the cancel first in the early rounds, the run first in the later ones.
    expect([...seen].sort()).toEqual(['cancelled', 'too-late']);
  });
});
