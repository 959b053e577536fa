import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import { createMemoryOnceGuard } from '../../store/memory-once-guard.js';
import { createApprovalStore } from './approval.js';

function store(now: { value: Date }) {
  const locks = createMemoryOnceGuard();
  return createApprovalStore({
    keyv: new Keyv(),
    claim: (key, ttl) => locks.claim(key, ttl),
    ttlMs: 60 * 60 * 1000,
    now: () => now.value,
  });
}

const ask = { scope: 'T1', action: 'stop' as const, experimentId: 4, requestedBy: 'U1', channelId: 'C1' };

describe('approval requests', () => {
  it('take one decision: a second approve, or an approve after a reject, changes nothing', async () => {
    const clock = { value: new Date('2026-11-01T10:00:00Z') };
    const approvals = store(clock);
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
    const approvals = store(clock);
    const request = await approvals.create(ask);
    expect((await approvals.decide('T1', request.id, 'approve', 'U1')).kind).toBe('own-request');
    expect((await approvals.decide('T2', request.id, 'approve', 'U2')).kind).toBe('not-found');
    clock.value = new Date('2026-11-01T11:00:01Z');
    expect((await approvals.decide('T1', request.id, 'approve', 'U2')).kind).toBe('expired');
    expect((await approvals.get('T1', request.id))?.state).toBe('pending');
  });
});
