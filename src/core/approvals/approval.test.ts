import { describe, expect, it, vi } from 'vitest';
import { backendFixture } from '../../store/backends.test-helper.js';
import { storedValues } from '../../store/conditional-update.js';
import { createMemoryOnceGuard } from '../../store/memory-once-guard.js';
import type { Store } from '../../store/store-types.js';
import { createApprovalStore } from './approval.js';

function approvalsOn(backing: Store, now: { value: Date }) {
  const locks = createMemoryOnceGuard();
  return createApprovalStore({
    stored: storedValues(backing, 'approvals'),
    claim: (key, ttl) => locks.claim(key, ttl),
    ttlMs: 60 * 60 * 1000,
    now: () => now.value,
  });
}

async function store(now: { value: Date }) {
  return approvalsOn(await backendFixture('memory').open(), now);
}

const ask = { scope: 'T1', action: 'stop' as const, experimentId: 4, requestedBy: 'U1', channelId: 'C1' };

describe('approval requests', () => {
  it('take one decision: a second approve, or an approve after a reject, changes nothing', async () => {
    const clock = { value: new Date('2026-11-01T10:00:00Z') };
    const approvals = await store(clock);
    const request = await approvals.create(ask);
    expect(request.state).toBe('pending');
    const [a, b] = await Promise.all([
      approvals.decide('T1', request.id, 'approve', 'U2'),
      approvals.decide('T1', request.id, 'approve', 'U3'),
    ]);
    expect([a.kind, b.kind].sort()).toEqual(['already', 'decided']);

    const other = await approvals.create(ask);
    expect((await approvals.decide('T1', other.id, 'reject', 'U2')).kind).toBe('decided');
    const late = await approvals.decide('T1', other.id, 'approve', 'U3');
    expect(late).toMatchObject({ kind: 'already', request: { state: 'rejected', decidedBy: 'U2' } });
  });

  it('are never decided by the person who asked, nor after they expire, nor in another workspace', async () => {
    const clock = { value: new Date('2026-11-01T10:00:00Z') };
    const approvals = await store(clock);
    const request = await approvals.create(ask);
    expect((await approvals.decide('T1', request.id, 'approve', 'U1')).kind).toBe('own-request');
    expect((await approvals.decide('T2', request.id, 'approve', 'U2')).kind).toBe('not-found');
    clock.value = new Date('2026-11-01T11:00:01Z');
    expect((await approvals.decide('T1', request.id, 'approve', 'U2')).kind).toBe('expired');
    expect((await approvals.get('T1', request.id))?.state).toBe('pending');
  });

  it('keep a decision and the message both when the message is attached while it is being decided', async () => {
    const clock = { value: new Date('2026-11-01T10:00:00Z') };
    const backing = await backendFixture('memory').open();
    const approvals = approvalsOn(backing, clock);
    const request = await approvals.create(ask);
    // The approver's click lands between the message's read of the request and its write: the
    // first read of the request (whichever way it is read) lets the decision through first.
    const keyv = backing.keyv('approvals');
    const realRead = backing.conditional.read.bind(backing.conditional);
    const realGet = keyv.get.bind(keyv);
    let intercepted = false;
    const decideFirst = async <T>(read: () => Promise<T>): Promise<T> => {
      const value = await read();
      if (!intercepted) {
        intercepted = true;
        await approvals.decide('T1', request.id, 'approve', 'U2');
      }
      return value;
    };
    vi.spyOn(backing.conditional, 'read').mockImplementation((namespace, key) =>
      decideFirst(() => realRead(namespace, key)),
    );
    vi.spyOn(keyv, 'get').mockImplementation(((key: string) =>
      decideFirst(() => realGet(key))) as typeof keyv.get);
    await approvals.attachMessage(request, '1700000000.000100');
    expect(await approvals.get('T1', request.id)).toMatchObject({
      state: 'approved',
      decidedBy: 'U2',
      messageTs: '1700000000.000100',
    });
  });
});
