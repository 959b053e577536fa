import { afterAll, describe, expect, it } from 'vitest';
import { backendFixture, uniqueName } from '../../store/backends.test-helper.js';
import { storedValues } from '../../store/conditional-update.js';
import { serialize } from '../../store/keyv-json.js';
import { withOutage } from '../../store/outage.test-helper.js';
import type { Store } from '../../store/store-types.js';
import { RUNNING_STALE_MS } from './due-index.js';
import { aRequest, HOUR, iso, MINUTE, T0 } from './request-fixtures.test-helper.js';
import { createRequestStore, type NewRequest, type RequestStore } from './request-store.js';
import { MISSED_AFTER_MS } from './transitions.js';
import { MAX_WAITING_PER_WORKSPACE } from './waiting-index.js';

const DAY = 24 * HOUR;
const FAR = new Date(T0 + 365 * DAY);

/** A request to start experiment `experimentId` at `runAt` (absent: now), asked by U1 in `scope`. */
const ask = (scope: string, overrides: Partial<NewRequest> = {}): NewRequest => ({
  scope,
  teamId: scope,
  requestedBy: 'U1',
  channelId: 'C1',
  surface: 'command',
  what: { action: 'start', experimentId: 4 },
  state: 'scheduled',
  runAt: iso(T0 + HOUR),
  ...overrides,
});
const awaitingApproval = (scope: string, overrides: Partial<NewRequest> = {}): NewRequest =>
  ask(scope, {
    state: 'pending-approval',
    runAt: undefined,
    approval: { validUntil: iso(T0 + DAY), approvers: { kind: 'admins' } },
    ...overrides,
  });

async function created(store: RequestStore, input: NewRequest) {
  const outcome = await store.create(input);
  if (outcome.kind !== 'created') throw new Error(`expected created, got ${outcome.kind}`);
  return outcome.request;
}

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('the request store on %s', (kind) => {
  const fixture = backendFixture(kind);
  const namespace = uniqueName('requests');
  afterAll(() => fixture.dispose(namespace));

  async function open() {
    const backing = await fixture.open();
    const clock = { at: T0 };
    const store = createRequestStore({
      stored: storedValues(backing, namespace),
      now: () => new Date(clock.at),
    });
    return { backing, clock, store };
  }
  const dueIn = async (store: RequestStore, scope: string, at = FAR) =>
    (await store.due(at, 1000)).filter((e) => e.scope === scope);
  const recordRows = async (backing: Store, scope: string) =>
    (await fixture.rawRows(backing, namespace)).filter((row) => row.key.includes(`request:${scope}:`));
  /** When the stored record of `id` expires, read from the backend as written. */
  const expiresOf = async (backing: Store, scope: string, id: string) => {
    const row = (await recordRows(backing, scope)).find((r) => r.key.endsWith(`request:${scope}:${id}`));
    return (JSON.parse(row?.value ?? '{}') as { expires?: number }).expires;
  };

  it('stores a scheduled request, lists it as waiting and due, and moves it through its life', async () => {
    const { store, clock } = await open();
    const request = await created(store, ask('T-life'));
    expect(request).toMatchObject({
      v: 1,
      scope: 'T-life',
      state: 'scheduled',
      createdAt: iso(T0),
      history: [{ state: 'scheduled', at: iso(T0), by: 'U1' }],
    });
    expect(await store.get('T-life', request.id)).toEqual(request);
    expect(await store.get('T-other', request.id)).toBeUndefined();
    expect(await store.waiting('T-life')).toEqual([request]);
    expect(await dueIn(store, 'T-life', new Date(T0 + HOUR - 1))).toEqual([]);
    expect(await dueIn(store, 'T-life', new Date(T0 + HOUR))).toEqual([
      { scope: 'T-life', id: request.id, dueAt: T0 + HOUR },
    ]);

    clock.at = T0 + HOUR + MINUTE;
    const running = await store.apply('T-life', request.id, { kind: 'run' });
    expect(running).toMatchObject({ ok: true, request: { state: 'running' } });
    expect(await store.waiting('T-life')).toEqual([]);
    expect(await dueIn(store, 'T-life')).toEqual([
      { scope: 'T-life', id: request.id, dueAt: clock.at + RUNNING_STALE_MS },
    ]);

    const done = await store.apply('T-life', request.id, { kind: 'finish', state: 'done' });
    expect(done?.ok).toBe(true);
    expect(await dueIn(store, 'T-life')).toEqual([]);
    const stored = await store.get('T-life', request.id);
    expect(stored?.state).toBe('done');
    expect(stored?.history.map((s) => s.state)).toEqual(['scheduled', 'running', 'done']);
    expect(await store.apply('T-life', 'no-such-request', { kind: 'run' })).toBeUndefined();
  });

  it('keeps a request waiting for approval due when it lapses, then due at its time once approved', async () => {
    const { store } = await open();
    const validUntil = T0 + HOUR + MISSED_AFTER_MS;
    const request = await created(
      store,
      ask('T-appr', { state: 'pending-approval', approval: { validUntil: iso(validUntil) } }),
    );
    expect(await dueIn(store, 'T-appr')).toEqual([{ scope: 'T-appr', id: request.id, dueAt: validUntil }]);
    const approved = await store.apply('T-appr', request.id, { kind: 'approve', by: 'U2' });
    expect(approved).toMatchObject({
      ok: true,
      request: { state: 'scheduled', approval: { decidedBy: 'U2' } },
    });
    expect(await dueIn(store, 'T-appr')).toEqual([{ scope: 'T-appr', id: request.id, dueAt: T0 + HOUR }]);
    expect((await store.waiting('T-appr')).map((r) => r.state)).toEqual(['scheduled']);
    await store.attachMessage('T-appr', request.id, '1700000000.000100');
    expect((await store.get('T-appr', request.id))?.approval?.messageTs).toBe('1700000000.000100');
  });

  it('lists the waiting requests soonest first, and none that ended', async () => {
    const { store } = await open();
    const later = await created(store, ask('T-order', { runAt: iso(T0 + 3 * HOUR) }));
    const sooner = await created(
      store,
      ask('T-order', { runAt: iso(T0 + 2 * HOUR), what: { action: 'stop', experimentId: 4 } }),
    );
    const pending = await created(
      store,
      awaitingApproval('T-order', { approval: { validUntil: iso(T0 + HOUR) } }),
    );
    const gone = await created(store, ask('T-order', { what: { action: 'archive', experimentId: 4 } }));
    await store.apply('T-order', gone.id, { kind: 'cancel', by: 'U1' });
    expect((await store.waiting('T-order')).map((r) => r.id)).toEqual([pending.id, sooner.id, later.id]);
  });

  it('refuses the same action on the same experiment at the same time, showing the one there, storing nothing', async () => {
    const { store, backing } = await open();
    const first = await created(store, awaitingApproval('T-dup'));
    const rowsBefore = await recordRows(backing, 'T-dup');
    const dueBefore = await dueIn(store, 'T-dup');
    const again = await store.create(awaitingApproval('T-dup', { requestedBy: 'U3' }));
    expect(again).toEqual({ kind: 'duplicate', existing: first });
    expect(await recordRows(backing, 'T-dup')).toEqual(rowsBefore);
    expect(await dueIn(store, 'T-dup')).toEqual(dueBefore);
    expect((await store.waiting('T-dup')).map((r) => r.id)).toEqual([first.id]);
  });

  it('counts two times less than a minute apart as the same time, and a minute apart as another', async () => {
    const { store } = await open();
    const at = T0 + 5 * HOUR;
    const first = await created(store, ask('T-min', { runAt: iso(at) }));
    for (const close of [at - MINUTE + 1, at + MINUTE - 1])
      expect(await store.create(ask('T-min', { runAt: iso(close) }))).toMatchObject({
        kind: 'duplicate',
        existing: { id: first.id },
      });
    expect((await store.create(ask('T-min', { runAt: iso(at + MINUTE) }))).kind).toBe('created');
    expect(
      (await store.create(ask('T-min', { runAt: iso(at), what: { action: 'start', experimentId: 5 } }))).kind,
    ).toBe('created');
    expect(
      (await store.create(ask('T-min', { runAt: iso(at), what: { action: 'stop', experimentId: 4 } }))).kind,
    ).toBe('created');
    expect((await store.create(awaitingApproval('T-min'))).kind).toBe('created');
  });

  it('takes the same request again once the first has ended', async () => {
    const { store } = await open();
    const first = await created(store, awaitingApproval('T-again'));
    expect((await store.apply('T-again', first.id, { kind: 'reject', by: 'U2' }))?.ok).toBe(true);
    const second = await created(store, awaitingApproval('T-again'));
    expect(second.id).not.toBe(first.id);
    expect((await store.waiting('T-again')).map((r) => r.id)).toEqual([second.id]);
  });

  it('takes the same request again when the first one expired from the store', async () => {
    const { store, backing } = await open();
    const first = await created(store, awaitingApproval('T-exp'));
    // The record as the backend holds it once its lifetime is over.
    const expired = serialize({ value: first, expires: Date.now() - 1000 });
    await fixture.writeRaw(backing, namespace, `request:T-exp:${first.id}`, expired);
    expect(await store.get('T-exp', first.id)).toBeUndefined();
    const second = await created(store, awaitingApproval('T-exp'));
    expect(second.id).not.toBe(first.id);
    expect((await store.waiting('T-exp')).map((r) => r.id)).toEqual([second.id]);
  });

  it('keeps a record as long as its state needs: a waiting one past its last chance, an ended one a week', async () => {
    const { store, backing } = await open();
    const within = async <T>(keepMs: number, write: () => Promise<T>) => {
      const before = Date.now();
      const result = await write();
      return { result, from: before + keepMs, to: Date.now() + keepMs };
    };
    const pendingWrite = await within(DAY + 2 * DAY, () => created(store, awaitingApproval('T-ttl')));
    const pending = pendingWrite.result;
    const pendingExpires = await expiresOf(backing, 'T-ttl', pending.id);
    expect(pendingExpires).toBeGreaterThanOrEqual(pendingWrite.from);
    expect(pendingExpires).toBeLessThanOrEqual(pendingWrite.to);

    const laterWrite = await within(3 * DAY + 2 * DAY, () =>
      created(store, ask('T-ttl', { runAt: iso(T0 + 3 * DAY) })),
    );
    const laterExpires = await expiresOf(backing, 'T-ttl', laterWrite.result.id);
    expect(laterExpires).toBeGreaterThanOrEqual(laterWrite.from);
    expect(laterExpires).toBeLessThanOrEqual(laterWrite.to);

    const endedWrite = await within(7 * DAY, () =>
      store.apply('T-ttl', pending.id, { kind: 'cancel', by: 'U1' }),
    );
    const endedExpires = await expiresOf(backing, 'T-ttl', pending.id);
    expect(endedExpires).toBeGreaterThanOrEqual(endedWrite.from);
    expect(endedExpires).toBeLessThanOrEqual(endedWrite.to);
  });

  it('ignores a stored record of another shape or workspace instead of trusting it', async () => {
    const { store, backing } = await open();
    const foreign = aRequest({ scope: 'T-elsewhere' });
    await backing.keyv(namespace).set(`request:T-shape:${foreign.id}`, foreign);
    await backing.keyv(namespace).set('request:T-shape:junk', { v: 2, state: 'scheduled' });
    expect(await store.get('T-shape', foreign.id)).toBeUndefined();
    expect(await store.get('T-shape', 'junk')).toBeUndefined();
    expect(await store.apply('T-shape', foreign.id, { kind: 'cancel', by: 'U1' })).toBeUndefined();
  });
});

describe('a workspace holding as many waiting requests as it keeps', () => {
  it('is refused another, which is not stored, while other workspaces still ask', async () => {
    const memory = backendFixture('memory');
    const backing = await memory.open();
    const store = createRequestStore({ stored: storedValues(backing, 'requests'), now: () => new Date(T0) });
    for (let n = 1; n <= MAX_WAITING_PER_WORKSPACE; n++)
      await created(store, ask('T-full', { what: { action: 'start', experimentId: n } }));
    const rows = (await memory.rawRows(backing, 'requests')).length;
    const refused = await store.create(ask('T-full', { what: { action: 'start', experimentId: 5000 } }));
    expect(refused).toEqual({ kind: 'full' });
    expect((await memory.rawRows(backing, 'requests')).length).toBe(rows);
    expect(await store.waiting('T-full')).toHaveLength(MAX_WAITING_PER_WORKSPACE);
    expect((await store.create(ask('T-room'))).kind).toBe('created');
  });
});

describe('a request ended while its store is away', () => {
  it('keeps the end and writes it once the store is back, so the run is not later called unknown', async () => {
    const outage = withOutage(await backendFixture('memory').open());
    const clock = { at: T0 };
    const store = createRequestStore({
      stored: storedValues(outage.store, 'requests'),
      now: () => new Date(clock.at),
    });
    const asked = await store.create({
      scope: 'T-kept',
      teamId: 'T-kept',
      requestedBy: 'U1',
      channelId: 'C1',
      surface: 'command',
      what: { action: 'start', experimentId: 4 },
      state: 'scheduled',
      runAt: iso(T0 + HOUR),
    });
    if (asked.kind !== 'created') throw new Error('not created');
    const { id } = asked.request;
    clock.at = T0 + HOUR;
    await store.apply('T-kept', id, { kind: 'run' });
    outage.cut();
    await expect(store.apply('T-kept', id, { kind: 'finish', state: 'done' })).rejects.toThrow();
    expect(await store.writeKept()).toBe(1);
    outage.restore();
    expect(await store.writeKept()).toBe(0);
    expect(await store.get('T-kept', id)).toMatchObject({ state: 'done' });
    expect(await store.due(FAR, 10)).toEqual([]);
  });
});

describe('an approved request about to run', () => {
  it('is listed at its stale time before it moves, so a process dying after the move leaves it found', async () => {
    const backing = await backendFixture('memory').open();
    const clock = { at: T0 };
    const values = storedValues(backing, 'requests');
    let recordMoved = false;
    // The process dies as soon as the record has moved: nothing it would write after lands.
    const dying = {
      ...values,
      update: (async (key, change, options) => {
        if (recordMoved) throw new Error('the process is gone');
        const result = await values.update(key, change, options);
        if (key.startsWith('request:') && (result as { ok?: boolean } | undefined)?.ok) recordMoved = true;
        return result;
      }) as typeof values.update,
    };
    const store = createRequestStore({ stored: dying, now: () => new Date(clock.at), runningStaleMs: 8_000 });
    const asked = await store.create({
      scope: 'T-run',
      teamId: 'T-run',
      requestedBy: 'U1',
      channelId: 'C1',
      surface: 'command',
      what: { action: 'start', experimentId: 4 },
      state: 'pending-approval',
      approval: { validUntil: iso(T0 + DAY) },
    });
    if (asked.kind !== 'created') throw new Error('not created');
    clock.at = T0 + MINUTE;
    const moved = await store.apply('T-run', asked.request.id, { kind: 'approve', by: 'U2' });
    expect(moved).toMatchObject({ ok: true, request: { state: 'running' } });
    expect(await store.due(new Date(T0 + MINUTE + 8_000), 10)).toEqual([
      { scope: 'T-run', id: asked.request.id, dueAt: T0 + MINUTE + 8_000 },
    ]);
  });
});

describe('a request whose creation failed part-way', () => {
  it('is taken back once the store answers, not left to run after its requester was told nothing was done', async () => {
    const outage = withOutage(await backendFixture('memory').open());
    const values = storedValues(outage.store, 'requests');
    let lostAnswer = false;
    // The due index took the entry, and the store went away before it answered.
    const stored = {
      ...values,
      update: (async (key, change, options) => {
        const result = await values.update(key, change, options);
        if (key === 'due' && !lostAnswer) {
          lostAnswer = true;
          outage.cut();
          setTimeout(() => outage.restore(), 600);
          throw new Error('the connection closed before the answer');
        }
        return result;
      }) as typeof values.update,
    };
    const store = createRequestStore({ stored, now: () => new Date(T0) });
    await expect(
      store.create({
        scope: 'T-part',
        teamId: 'T-part',
        requestedBy: 'U1',
        channelId: 'C1',
        surface: 'command',
        what: { action: 'start', experimentId: 4 },
        state: 'scheduled',
        runAt: iso(T0 + MINUTE),
      }),
    ).rejects.toThrow('the connection closed');
    expect(await store.due(FAR, 10)).toEqual([]);
    expect(await store.waiting('T-part')).toEqual([]);
  });
});

describe('a move whose answer was lost', () => {
  it('is answered as made once the store says it landed, so its people are told', async () => {
    const outage = withOutage(await backendFixture('memory').open());
    const values = storedValues(outage.store, 'requests');
    let loseNext = false;
    const stored = {
      ...values,
      update: (async (key, change, options) => {
        const result = await values.update(key, change, options);
        if (loseNext && key.startsWith('request:')) {
          loseNext = false;
          outage.cut();
          setTimeout(() => outage.restore(), 500);
          throw new Error('the connection closed before the answer');
        }
        return result;
      }) as typeof values.update,
    };
    const store = createRequestStore({ stored, now: () => new Date(T0) });
    const asked = await store.create({
      scope: 'T-lost',
      teamId: 'T-lost',
      requestedBy: 'U1',
      channelId: 'C1',
      surface: 'command',
      what: { action: 'start', experimentId: 4 },
      state: 'scheduled',
      runAt: iso(T0 + HOUR),
    });
    if (asked.kind !== 'created') throw new Error('not created');
    loseNext = true;
    const moved = await store.apply('T-lost', asked.request.id, { kind: 'cancel', by: 'U1' });
    expect(moved).toMatchObject({ ok: true, request: { state: 'cancelled' } });
    expect(await store.waiting('T-lost')).toEqual([]);
  });
});
