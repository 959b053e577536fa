import { describe, expect, it } from 'vitest';
import { aMember, HOUR, iso, policyWith, T0 } from './request-fixtures.test-helper.js';
import {
  APPROVAL_TTL_MS,
  aDraft,
  aRunner,
  aWorld,
  memoryRequests,
  portsFor,
  type World,
} from './request-ports.test-helper.js';
import { submitRequest } from './submit-request.js';
import { MISSED_AFTER_MS } from './transitions.js';

const FAR = new Date(T0 + 365 * 24 * HOUR);

async function setUp(change: (world: World) => void = () => {}) {
  const world = aWorld();
  change(world);
  const requests = await memoryRequests(world);
  const recorded = portsFor(world, requests);
  const runner = aRunner();
  const submit = (draft = aDraft(), attestedInChannel = true) =>
    submitRequest(recorded.ports, draft, runner.run, { attestedInChannel });
  return { world, requests, runner, submit, ...recorded };
}

describe('submitting a request', () => {
  it('refused by a rule when asked, it is neither stored nor run, and the refusal is audited', async () => {
    const { submit, requests, runner, audits, notices } = await setUp((w) => {
      w.people.set('U1', aMember('U1', { isGuest: true }));
    });
    expect(await submit(aDraft({ runAt: iso(T0 + HOUR) }))).toMatchObject({
      kind: 'refused',
      refusal: 'guest',
    });
    expect(await requests.waiting('T1')).toEqual([]);
    expect(await requests.due(FAR, 100)).toEqual([]);
    expect(runner.calls).toHaveLength(0);
    expect(audits).toEqual([
      expect.objectContaining({
        userId: 'U1',
        action: 'start',
        experimentId: 4,
        decision: 'refused',
        rule: 'guest',
      }),
    ]);
    expect(notices).toEqual([]);
  });

  it('wanting approval, it is stored waiting for it, valid for the approval TTL, and audited as requested', async () => {
    const { submit, requests, runner, audits } = await setUp((w) => {
      w.policy = policyWith('start', { approval: true, approvers: { kind: 'admins' } });
    });
    const outcome = await submit();
    expect(outcome).toMatchObject({ kind: 'awaiting-approval', approvers: { kind: 'admins' } });
    if (outcome.kind !== 'awaiting-approval') return;
    const stored = await requests.get('T1', outcome.request.id);
    expect(stored).toEqual(outcome.request);
    expect(stored).toMatchObject({
      state: 'pending-approval',
      approval: { validUntil: iso(T0 + APPROVAL_TTL_MS), approvers: { kind: 'admins' } },
    });
    expect(await requests.due(FAR, 100)).toEqual([
      { scope: 'T1', id: outcome.request.id, dueAt: T0 + APPROVAL_TTL_MS },
    ]);
    expect(runner.calls).toHaveLength(0);
    expect(audits).toEqual([
      expect.objectContaining({
        userId: 'U1',
        decision: 'allowed',
        approval: { requestId: outcome.request.id, state: 'requested', requestedBy: 'U1' },
      }),
    ]);
  });

  it('scheduled and wanting approval, its approval stays valid until its time plus the window', async () => {
    const { submit, runner } = await setUp((w) => {
      w.policy = policyWith('start', { approval: true });
    });
    const runAt = T0 + 5 * HOUR;
    const outcome = await submit(aDraft({ runAt: iso(runAt), timeZone: 'Europe/Moscow' }));
    expect(outcome).toMatchObject({
      kind: 'awaiting-approval',
      request: {
        state: 'pending-approval',
        runAt: iso(runAt),
        approval: { validUntil: iso(runAt + MISSED_AFTER_MS) },
      },
    });
    expect(runner.calls).toHaveLength(0);
  });

  it('with a time ahead, it is stored scheduled and audited, and nothing runs', async () => {
    const { submit, requests, runner, audits } = await setUp();
    const outcome = await submit(aDraft({ runAt: iso(T0 + HOUR) }));
    expect(outcome).toMatchObject({
      kind: 'scheduled',
      request: { state: 'scheduled', runAt: iso(T0 + HOUR) },
    });
    if (outcome.kind !== 'scheduled') return;
    expect(await requests.waiting('T1')).toEqual([outcome.request]);
    expect(await requests.due(FAR, 100)).toEqual([{ scope: 'T1', id: outcome.request.id, dueAt: T0 + HOUR }]);
    expect(runner.calls).toHaveLength(0);
    expect(audits).toEqual([expect.objectContaining({ outcome: 'scheduled', userId: 'U1' })]);
    expect(audits[0]?.approval).toBeUndefined();
  });

  it('for now, with nothing in the way, it runs once with a grant for the requester and is not stored', async () => {
    const { submit, requests, runner, audits } = await setUp((w) => {
      w.policy = policyWith('start', { personal: true });
    });
    expect(await submit()).toEqual({ kind: 'ran', result: { state: 'done' } });
    expect(runner.calls).toHaveLength(1);
    const [call] = runner.calls;
    expect(call?.request).toMatchObject({ state: 'running', requestedBy: 'U1', scope: 'T1' });
    expect(call?.grant).toMatchObject({
      scope: 'T1',
      action: 'start',
      decidedFor: 'U1',
      actingAs: { userId: 'U1', personalRequired: true },
    });
    expect(call?.grant.approval).toBeUndefined();
    expect(await requests.get('T1', call?.request.id ?? '')).toBeUndefined();
    expect(await requests.waiting('T1')).toEqual([]);
    expect(audits).toEqual([]);
  });

  it('asked twice for the same time, the second is refused showing the first, and nothing more is stored', async () => {
    const { submit, requests, runner, audits } = await setUp();
    const first = await submit(aDraft({ runAt: iso(T0 + HOUR) }));
    const second = await submit(aDraft({ runAt: iso(T0 + HOUR + 30_000), requestedBy: 'U3' }));
    if (first.kind !== 'scheduled') throw new Error(`expected scheduled, got ${first.kind}`);
    expect(second).toEqual({ kind: 'duplicate', existing: first.request });
    expect(await requests.waiting('T1')).toEqual([first.request]);
    expect(await requests.due(FAR, 100)).toHaveLength(1);
    expect(audits.map((a) => a.outcome)).toEqual(['scheduled']);
    expect(runner.calls).toHaveLength(0);
  });

  it('when the facts cannot be read, nothing is stored or run, and the failure is logged', async () => {
    const { submit, requests, runner, audits, logLines } = await setUp((w) => {
      w.unreadable = true;
    });
    expect(await submit(aDraft({ runAt: iso(T0 + HOUR) }))).toEqual({ kind: 'unavailable' });
    expect(await requests.waiting('T1')).toEqual([]);
    expect(runner.calls).toHaveLength(0);
    expect(audits).toEqual([]);
    expect(logLines.join('\n')).toContain('could not be read');
  });

  it("takes the asking surface's word that the person is in the channel, and looks it up otherwise", async () => {
    const { submit, runner } = await setUp((w) => {
      w.notInChannel.add('U1');
    });
    expect(await submit(aDraft(), false)).toMatchObject({ kind: 'refused', refusal: 'not-in-channel' });
    expect(runner.calls).toHaveLength(0);
    expect((await submit(aDraft(), true)).kind).toBe('ran');
    expect(runner.calls).toHaveLength(1);
  });
});
