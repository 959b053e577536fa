import { describe, expect, it } from 'vitest';
import { cancelRequest } from './cancel-request.js';
import { decideRequest } from './decide-request.js';
import { tellAgainAfterMs } from './due-index.js';
import { HOUR, iso, policyWith, T0 } from './request-fixtures.test-helper.js';
import { aDraft, aStoredWorld, portsFor, requestsOn } from './request-ports.test-helper.js';
import { runDueRequests } from './run-due.js';

// An ending people are told of is owed until told: a process that dies between making it and
// telling it, or cannot read what to say, leaves it to the due pass, which tells it once.

const RUN_AT = T0 + HOUR;
const FAR = new Date(T0 + 400 * 24 * HOUR);

describe('an ending its process did not tell', () => {
  it('told at once, the request owes nothing and nothing of it is due again', async () => {
    const { stored, requests, ports, notices, duePass, world } = await aStoredWorld();
    const request = await stored(aDraft({ runAt: iso(RUN_AT) }));
    await cancelRequest(ports, { scope: 'T1', id: request.id, by: 'U1' });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'cancelled', by: 'U1' }]);
    expect((await requests.get('T1', request.id))?.tellOwed).toBeUndefined();
    expect(await requests.due(FAR, 10)).toEqual([]);
    world.clock.at = RUN_AT + HOUR;
    expect((await duePass()).handled).toBe(0);
    expect(notices).toHaveLength(1);
  });

  it('cancelled by a process that died before telling: the due pass tells it once, after the grace', async () => {
    const { stored, requests, notices, duePass, world } = await aStoredWorld();
    const request = await stored(aDraft({ runAt: iso(RUN_AT) }));
    // The dying process: its cancel landed, its telling never ran.
    await requests.apply('T1', request.id, { kind: 'cancel', by: 'U1' });
    expect((await requests.get('T1', request.id))?.tellOwed).toBe(true);
    const grace = tellAgainAfterMs(requests.runningStaleMs);
    world.clock.at = T0 + grace - 1;
    expect((await duePass()).handled).toBe(0);
    expect(notices).toHaveLength(0);
    world.clock.at = T0 + grace;
    expect((await duePass()).handled).toBe(1);
    expect(notices.map((n) => [n.change, n.request.state])).toEqual([
      [{ kind: 'cancelled', by: 'U1' }, 'cancelled'],
    ]);
    expect((await requests.get('T1', request.id))?.tellOwed).toBeUndefined();
    world.clock.at = RUN_AT + HOUR;
    await duePass();
    expect(notices).toHaveLength(1);
  });

  it('owed, and looked at by two replicas at once: told once', async () => {
    const { stored, requests, notices, duePass, world, backing } = await aStoredWorld();
    const request = await stored(aDraft({ runAt: iso(RUN_AT) }));
    await requests.apply('T1', request.id, { kind: 'cancel', by: 'U1' });
    world.clock.at = T0 + tellAgainAfterMs(requests.runningStaleMs);
    const other = portsFor(world, requestsOn(world, backing));
    await Promise.all([duePass(), runDueRequests(other.ports, () => async () => ({ state: 'done' }))]);
    expect([...notices, ...other.notices].map((n) => n.change)).toEqual([{ kind: 'cancelled', by: 'U1' }]);
  });

  it('rejected while what to say could not be read: told by the due pass, with who and why', async () => {
    const { stored, requests, ports, notices, duePass, world } = await aStoredWorld((w) => {
      w.policy = policyWith('start', { approval: true });
    });
    const request = await stored(aDraft());
    expect(request.state).toBe('pending-approval');
    world.untellable = true;
    const decided = await decideRequest(
      ports,
      { scope: 'T1', id: request.id, by: 'U2', decision: 'reject', reason: 'Not now' },
      async () => ({ state: 'done' }),
    );
    expect(decided.kind).toBe('rejected');
    expect(notices).toHaveLength(0);
    world.untellable = false;
    world.clock.at = T0 + tellAgainAfterMs(requests.runningStaleMs);
    expect((await duePass()).handled).toBe(1);
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'rejected', by: 'U2', reason: 'Not now' }]);
    expect(await requests.due(FAR, 10)).toEqual([]);
  });

  it('expired by the due pass of one replica that could not tell it: told by a later pass', async () => {
    const { stored, requests, notices, duePass, world, backing } = await aStoredWorld((w) => {
      w.policy = policyWith('start', { approval: true });
    });
    const request = await stored(aDraft());
    const validUntil = Date.parse(request.approval?.validUntil ?? '');
    world.untellable = true;
    world.clock.at = validUntil + 1;
    expect((await duePass()).handled).toBe(1);
    expect((await requests.get('T1', request.id))?.state).toBe('expired');
    world.untellable = false;
    // Another replica's pass, after the grace.
    const other = portsFor(world, requestsOn(world, backing));
    world.clock.at = validUntil + 1 + tellAgainAfterMs(requests.runningStaleMs);
    expect((await runDueRequests(other.ports, () => async () => ({ state: 'done' }))).handled).toBe(1);
    expect(other.notices.map((n) => n.change)).toEqual([{ kind: 'expired' }]);
    expect(notices).toHaveLength(0);
  });

  it('still untellable an hour after it ended: given up on, logged, and no longer looked at', async () => {
    const { stored, requests, notices, duePass, world, logLines } = await aStoredWorld();
    const request = await stored(aDraft({ runAt: iso(RUN_AT) }));
    await requests.apply('T1', request.id, { kind: 'cancel', by: 'U1' });
    world.untellable = true;
    world.clock.at = T0 + tellAgainAfterMs(requests.runningStaleMs);
    await duePass();
    expect((await requests.get('T1', request.id))?.tellOwed).toBe(true);
    world.clock.at = T0 + HOUR + 1;
    await duePass();
    expect((await requests.get('T1', request.id))?.tellOwed).toBeUndefined();
    expect(logLines.join('\n')).toContain('given up');
    expect(await requests.due(FAR, 10)).toEqual([]);
    expect(notices).toHaveLength(0);
  });

  it('a request taken back because it could not be stored in full owes nobody a telling', async () => {
    const { stored, requests } = await aStoredWorld();
    const request = await stored(aDraft({ runAt: iso(RUN_AT) }));
    await requests.apply('T1', request.id, { kind: 'cancel', by: 'U1', quiet: true });
    expect((await requests.get('T1', request.id))?.tellOwed).toBeUndefined();
    expect(await requests.due(FAR, 10)).toEqual([]);
  });
});
