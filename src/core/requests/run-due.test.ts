import { describe, expect, it } from 'vitest';
import { storedValues } from '../../store/conditional-update.js';
import type { WorkspacePolicy } from '../policy/policy.js';
import type { RequestDraft } from './action-request.js';
import { decideRequest } from './decide-request.js';
import { RUNNING_STALE_MS } from './due-index.js';
import type { RequestRefusal } from './evaluate.js';
import { HOUR, iso, policyWith, T0 } from './request-fixtures.test-helper.js';
import { aDraft, aStoredWorld, portsFor, requestsOn, type World } from './request-ports.test-helper.js';
import { createRequestStore } from './request-store.js';
import { runDueRequests } from './run-due.js';
import { MISSED_AFTER_MS } from './transitions.js';

const FAR = new Date(T0 + 365 * 24 * HOUR);
const RUN_AT = T0 + HOUR;
const otherStop = aDraft({
  runAt: iso(RUN_AT),
  what: { action: 'stop', experimentId: 4, stop: { interruptReason: 'other', interruptReasonComment: null } },
});

async function setUp(change: (world: World) => void = () => {}) {
  const world = await aStoredWorld(change);
  return { ...world, ask: (draft: RequestDraft = aDraft({ runAt: iso(RUN_AT) })) => world.stored(draft) };
}

describe('a request falling due is decided again in full', () => {
  const changes: Array<[string, RequestDraft, (policy: WorkspacePolicy) => WorkspacePolicy, RequestRefusal]> =
    [
      [
        'scheduling switched off',
        aDraft({ runAt: iso(RUN_AT) }),
        (p) => ({ ...p, schedule: { kind: 'nobody' } }),
        'schedule',
      ],
      [
        'a comment now required for Other',
        otherStop,
        (p) => ({ ...p, otherCommentRequired: true }),
        'other-comment',
      ],
      [
        'approval now required',
        aDraft({ runAt: iso(RUN_AT) }),
        () => policyWith('start', { approval: true }),
        'approval-required',
      ],
      [
        'the action now for admins only',
        aDraft({ runAt: iso(RUN_AT) }),
        () => policyWith('start', { who: { kind: 'admins' } }),
        'admins',
      ],
    ];

  it.each(changes)(
    'with %s since it was asked, it is refused by that rule and never runs',
    async (_name, draft, change, refusal) => {
      const { ask, world, requests, runner, notices, audits, duePass } = await setUp();
      const request = await ask(draft);
      expect(request.state).toBe('scheduled');
      world.policy = change(world.policy);
      world.clock.at = RUN_AT;
      expect((await duePass()).handled).toBe(1);
      expect(runner.calls).toHaveLength(0);
      const stored = await requests.get('T1', request.id);
      expect(stored).toMatchObject({ state: 'rejected', why: refusal });
      expect(stored?.history.map((s) => s.state)).toEqual(['scheduled', 'running', 'rejected']);
      expect(notices.map((n) => n.change)).toEqual([{ kind: 'refused', refusal }]);
      expect(audits.at(-1)).toMatchObject({ decision: 'refused', rule: refusal, userId: 'U1' });
      expect(await requests.due(FAR, 100)).toEqual([]);
    },
  );

  it('unchanged, it runs once at its time, with the grant the policy gives then', async () => {
    const { ask, world, requests, runner, duePass } = await setUp();
    const request = await ask();
    world.clock.at = RUN_AT - 1;
    expect((await duePass()).handled).toBe(0);
    world.clock.at = RUN_AT;
    expect(await duePass()).toEqual({ handled: 1, nextDueAt: undefined });
    expect(runner.calls).toHaveLength(1);
    expect(runner.calls[0]?.grant).toMatchObject({ decidedFor: 'U1', action: 'start', scope: 'T1' });
    expect((await requests.get('T1', request.id))?.state).toBe('done');
  });

  it("when the facts cannot be read at its time, it is refused as 'unavailable' and never runs", async () => {
    const { ask, world, requests, runner, notices, duePass } = await setUp();
    const request = await ask();
    world.unreadable = true;
    world.clock.at = RUN_AT;
    await duePass();
    expect(runner.calls).toHaveLength(0);
    expect(await requests.get('T1', request.id)).toMatchObject({ state: 'rejected', why: 'unavailable' });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'refused', refusal: 'unavailable' }]);
  });
});

describe('the look at the clock', () => {
  it('on two replicas at once runs a due request exactly once', async () => {
    for (let round = 0; round < 5; round++) {
      const { ask, world, backing, requests, runner } = await setUp();
      const ids = [
        await ask(),
        await ask(aDraft({ runAt: iso(RUN_AT), what: { action: 'start', experimentId: 5 } })),
      ];
      world.clock.at = RUN_AT + 1;
      const replicas = [
        portsFor(world, requestsOn(world, backing)),
        portsFor(world, requestsOn(world, backing)),
      ];
      const passes = await Promise.all(replicas.map((r) => runDueRequests(r.ports, () => runner.run)));
      expect(passes.reduce((sum, p) => sum + p.handled, 0)).toBe(2);
      expect(runner.calls.map((c) => c.request.id).sort()).toEqual(ids.map((r) => r.id).sort());
      for (const { id } of ids) expect((await requests.get('T1', id))?.state).toBe('done');
    }
  });

  it('gives a run up after the stale time its store was made with (REQUEST_RUNNING_STALE_SECONDS)', async () => {
    const { ask, world, backing, runner } = await setUp();
    const staleMs = 8_000;
    const requests = createRequestStore({
      stored: storedValues(backing, 'requests'),
      now: () => new Date(world.clock.at),
      runningStaleMs: staleMs,
    });
    const request = await ask();
    world.clock.at = RUN_AT;
    await requests.apply('T1', request.id, { kind: 'run' });
    expect(await requests.due(new Date(RUN_AT + staleMs), 10)).toEqual([
      { scope: 'T1', id: request.id, dueAt: RUN_AT + staleMs },
    ]);
    const { ports, notices } = portsFor(world, requests);
    world.clock.at = RUN_AT + staleMs - 1;
    expect((await runDueRequests(ports, () => runner.run)).handled).toBe(0);
    world.clock.at = RUN_AT + staleMs;
    expect((await runDueRequests(ports, () => runner.run)).handled).toBe(1);
    expect(await requests.get('T1', request.id)).toMatchObject({ state: 'outcome-unknown' });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'interrupted' }]);
  });

  it('ends a run whose process died as outcome unknown, once, telling the people once', async () => {
    const { ask, world, backing, requests, runner } = await setUp();
    const request = await ask();
    world.clock.at = RUN_AT;
    // A replica claimed it and died before it finished.
    await requests.apply('T1', request.id, { kind: 'run' });
    const first = portsFor(world, requestsOn(world, backing));
    const replicas = [first, portsFor(world, requestsOn(world, backing))];
    world.clock.at = RUN_AT + RUNNING_STALE_MS - 1;
    expect((await runDueRequests(first.ports, () => runner.run)).handled).toBe(0);
    world.clock.at = RUN_AT + RUNNING_STALE_MS;
    const passes = await Promise.all(replicas.map((r) => runDueRequests(r.ports, () => runner.run)));
    expect(passes.map((p) => p.handled).sort()).toEqual([0, 1]);
    expect(await requests.get('T1', request.id)).toMatchObject({
      state: 'outcome-unknown',
      why: 'interrupted',
    });
    const notices = replicas.flatMap((r) => r.notices.map((n) => n.change));
    expect(notices).toEqual([{ kind: 'interrupted' }]);
    const audits = replicas.flatMap((r) => r.audits.map((a) => a.outcome));
    expect(audits).toEqual(['interrupted']);
    expect(runner.calls).toHaveLength(0);
    expect(await requests.due(FAR, 100)).toEqual([]);
  });

  it('reports a scheduled request missed when every replica was down past its window, and never runs it', async () => {
    const { ask, world, requests, runner, notices, duePass } = await setUp();
    const request = await ask();
    world.clock.at = RUN_AT + MISSED_AFTER_MS + 1;
    expect((await duePass()).handled).toBe(1);
    expect(runner.calls).toHaveLength(0);
    expect(await requests.get('T1', request.id)).toMatchObject({ state: 'expired', why: 'missed' });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'missed' }]);
  });

  it('runs one a replica found an hour late, within the window', async () => {
    const { ask, world, runner, duePass } = await setUp();
    await ask();
    world.clock.at = RUN_AT + MISSED_AFTER_MS;
    expect((await duePass()).handled).toBe(1);
    expect(runner.calls).toHaveLength(1);
  });

  it('expires an approval nobody gave in time, telling the people', async () => {
    const { ask, world, requests, runner, notices, duePass, ports } = await setUp((w) => {
      w.policy = policyWith('start', { approval: true });
    });
    const request = await ask();
    world.clock.at = RUN_AT + MISSED_AFTER_MS + 1;
    expect((await duePass()).handled).toBe(1);
    expect(await requests.get('T1', request.id)).toMatchObject({ state: 'expired', why: 'unanswered' });
    expect(notices.map((n) => n.change)).toEqual([{ kind: 'expired' }]);
    const late = await decideRequest(
      ports,
      { scope: 'T1', id: request.id, by: 'U2', decision: 'approve' },
      runner.run,
    );
    expect(late.kind).toBe('already');
    expect(runner.calls).toHaveLength(0);
  });
});

describe("a due request's run", () => {
  it("is told its end is written only once the store has it, so its intent outlives the request's run", async () => {
    const { ask, world, requests, runner, duePass } = await setUp();
    const request = await ask();
    const seen: string[] = [];
    runner.run = async () => ({
      state: 'done',
      written: async () => void seen.push((await requests.get(request.scope, request.id))?.state ?? 'gone'),
    });
    world.clock.at = RUN_AT;
    await duePass();
    expect(seen).toEqual(['done']);
  });
});
