import { describe, expect, it } from 'vitest';
import type { RequestDraft } from './action-request.js';
import { decideRequest } from './decide-request.js';
import { HOUR, iso, policyWith, T0 } from './request-fixtures.test-helper.js';
import { aDraft, aStoredWorld, portsFor, requestsOn, type World } from './request-ports.test-helper.js';

const FAR = new Date(T0 + 365 * 24 * HOUR);

/** A world whose policy wants a second person to approve a start; U1 asks, U2 (an admin) and U3 may approve. */
async function setUp(change: (world: World) => void = () => {}) {
  const { world, backing, requests, runner, stored, duePass, ...recorded } = await aStoredWorld((w) => {
    w.policy = policyWith('start', { approval: true });
    change(w);
  });
  const ask = async (draft: RequestDraft = aDraft()) => {
    const request = await stored(draft);
    if (request.state !== 'pending-approval')
      throw new Error(`expected awaiting-approval, got ${request.state}`);
    return request;
  };
  const decide = (id: string, by: string, decision: 'approve' | 'reject', reason?: string) =>
    decideRequest(recorded.ports, { scope: 'T1', id, by, decision, reason }, runner.run);
  return { world, backing, requests, runner, ask, decide, duePass, ...recorded };
}

describe('deciding a request waiting for approval', () => {
  it('approved, a request for now runs once, decided for the approver and acting as the requester', async () => {
    const { ask, decide, requests, runner, audits, notices } = await setUp();
    const request = await ask();
    const outcome = await decide(request.id, 'U2', 'approve');
    expect(outcome).toMatchObject({ kind: 'approved', run: { kind: 'ran', result: { state: 'done' } } });
    expect(runner.calls).toHaveLength(1);
    expect(runner.calls[0]?.grant).toMatchObject({
      decidedFor: 'U2',
      actingAs: { userId: 'U1' },
      approval: { requestId: request.id, requestedBy: 'U1' },
    });
    const stored = await requests.get('T1', request.id);
    expect(stored?.state).toBe('done');
    expect(stored?.history.map((s) => s.state)).toEqual(['pending-approval', 'running', 'done']);
    expect(await requests.due(FAR, 100)).toEqual([]);
    expect(audits.map((a) => [a.outcome, a.userId, a.approval?.state])).toEqual([
      [undefined, 'U1', 'requested'],
      [undefined, 'U2', 'approved'],
    ]);
    // Its people hear it was approved and what the run did (the requester is not at the keyboard).
    expect(notices.map((n) => [n.change, n.request.state])).toEqual([
      [{ kind: 'approved', by: 'U2', result: { state: 'done' } }, 'done'],
    ]);
  });

  it('rejected, it ends with what was said, the people are told, and nothing runs', async () => {
    const { ask, decide, requests, runner, audits, notices } = await setUp();
    const request = await ask();
    const outcome = await decide(request.id, 'U3', 'reject', 'not during the sale');
    expect(outcome).toMatchObject({ kind: 'rejected', request: { state: 'rejected' } });
    expect((await requests.get('T1', request.id))?.approval).toMatchObject({
      decidedBy: 'U3',
      reason: 'not during the sale',
    });
    expect(runner.calls).toHaveLength(0);
    expect(notices.map((n) => n.change)).toEqual([
      { kind: 'rejected', by: 'U3', reason: 'not during the sale' },
    ]);
    expect(audits.at(-1)).not.toHaveProperty('outcome');
    expect(audits.at(-1)).toMatchObject({
      userId: 'U3',
      approval: { state: 'rejected' },
    });
  });

  it('a rejected approval of a scheduled request never runs when its time comes', async () => {
    const { ask, decide, requests, runner, world, duePass } = await setUp();
    const request = await ask(aDraft({ runAt: iso(T0 + HOUR) }));
    expect((await decide(request.id, 'U2', 'reject')).kind).toBe('rejected');
    for (const at of [T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR]) {
      world.clock.at = at;
      expect((await duePass()).handled).toBe(0);
    }
    expect(runner.calls).toHaveLength(0);
    expect((await requests.get('T1', request.id))?.state).toBe('rejected');
    expect(await requests.due(FAR, 100)).toEqual([]);
  });

  it('approved ahead of its time, it waits, the people are told, and it runs once when due', async () => {
    const { ask, decide, requests, runner, world, notices, duePass } = await setUp();
    const request = await ask(aDraft({ runAt: iso(T0 + HOUR) }));
    expect(await decide(request.id, 'U2', 'approve')).toMatchObject({
      kind: 'approved-for-later',
      request: { state: 'scheduled' },
    });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'approved', by: 'U2' }]);
    expect(runner.calls).toHaveLength(0);
    world.clock.at = T0 + HOUR;
    expect((await duePass()).handled).toBe(1);
    expect((await duePass()).handled).toBe(0);
    expect(runner.calls).toHaveLength(1);
    expect(runner.calls[0]?.grant.decidedFor).toBe('U2');
    expect((await requests.get('T1', request.id))?.state).toBe('done');
  });

  it('by its own requester, nothing changes', async () => {
    const { ask, decide, requests, audits } = await setUp();
    const request = await ask();
    expect((await decide(request.id, 'U1', 'approve')).kind).toBe('own-request');
    expect((await decide(request.id, 'U1', 'reject')).kind).toBe('own-request');
    expect(await requests.get('T1', request.id)).toEqual(request);
    expect(audits).toHaveLength(1);
  });

  it('by someone not among the approvers, nothing changes and the approvers are named', async () => {
    const { ask, decide, requests, runner } = await setUp((w) => {
      w.policy = policyWith('start', { approval: true, approvers: { kind: 'admins' } });
    });
    const request = await ask();
    for (const decision of ['approve', 'reject'] as const)
      expect(await decide(request.id, 'U3', decision)).toMatchObject({
        kind: 'not-approver',
        approvers: { kind: 'admins' },
      });
    expect(await decide(request.id, 'U4', 'approve')).toMatchObject({ kind: 'not-approver' });
    expect((await requests.get('T1', request.id))?.state).toBe('pending-approval');
    expect(runner.calls).toHaveLength(0);
  });

  it('after its approval lapsed, it expires then and there, the people are told, nothing runs', async () => {
    const { ask, decide, requests, runner, world, notices } = await setUp();
    const request = await ask();
    world.clock.at = Date.parse(request.approval?.validUntil ?? '') + 1;
    expect(await decide(request.id, 'U2', 'approve')).toMatchObject({
      kind: 'expired',
      request: { state: 'expired' },
    });
    expect(await decide(request.id, 'U3', 'approve')).toMatchObject({ kind: 'already' });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'expired' }]);
    expect((await requests.get('T1', request.id))?.why).toBe('unanswered');
    expect(runner.calls).toHaveLength(0);
  });

  it('an approval that a rule would refuse now is not spent: it still waits, and can be approved once mended', async () => {
    const { ask, decide, requests, runner, world } = await setUp((w) => {
      w.policy = policyWith('start', { approval: true, personal: true });
    });
    const request = await ask();
    world.personalTokens.delete('U1');
    expect(await decide(request.id, 'U2', 'approve')).toMatchObject({
      kind: 'would-be-refused',
      refusal: 'personal-token',
    });
    expect((await requests.get('T1', request.id))?.state).toBe('pending-approval');
    expect(runner.calls).toHaveLength(0);
    world.personalTokens.add('U1');
    expect((await decide(request.id, 'U2', 'approve')).kind).toBe('approved');
    expect(runner.calls).toHaveLength(1);
  });

  it('approved after its time but within the window, it runs now, so it is weighed in full first', async () => {
    const { ask, decide, requests, runner, world } = await setUp((w) => {
      w.policy = policyWith('start', { approval: true, personal: true });
    });
    const request = await ask(aDraft({ runAt: iso(T0 + HOUR) }));
    world.clock.at = T0 + HOUR + 10 * 60_000;
    world.personalTokens.delete('U1');
    expect(await decide(request.id, 'U2', 'approve')).toMatchObject({
      kind: 'would-be-refused',
      refusal: 'personal-token',
    });
    expect((await requests.get('T1', request.id))?.state).toBe('pending-approval');
    world.personalTokens.add('U1');
    expect(await decide(request.id, 'U2', 'approve')).toMatchObject({
      kind: 'approved',
      run: { kind: 'ran' },
    });
    expect(runner.calls).toHaveLength(1);
  });

  it('approved by two people on two replicas at once, it runs once and the second is told it was decided', async () => {
    const { ask, world, backing, requests, runner } = await setUp();
    const first = portsFor(world, requestsOn(world, backing)).ports;
    const second = portsFor(world, requestsOn(world, backing)).ports;
    const request = await ask();
    const outcomes = await Promise.all([
      decideRequest(first, { scope: 'T1', id: request.id, by: 'U2', decision: 'approve' }, runner.run),
      decideRequest(second, { scope: 'T1', id: request.id, by: 'U3', decision: 'approve' }, runner.run),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['already', 'approved']);
    expect(runner.calls).toHaveLength(1);
    expect((await requests.get('T1', request.id))?.state).toBe('done');
  });

  it('an unknown request is not found', async () => {
    const { decide } = await setUp();
    expect(await decide('00000000-0000-4000-8000-000000000000', 'U2', 'approve')).toEqual({
      kind: 'not-found',
    });
  });
});
