import type { Keyv } from 'keyv';
import { afterAll, describe, expect, it } from 'vitest';
import { backendFixture, uniqueName } from '../../store/backends.test-helper.js';
import { storedValues } from '../../store/conditional-update.js';
import type { Store } from '../../store/store-types.js';
import { HOUR, iso, MINUTE, T0 } from './request-fixtures.test-helper.js';
import {
  type CreateOutcome,
  createRequestStore,
  type NewRequest,
  type RequestStore,
} from './request-store.js';
import type { RequestEvent, TransitionResult } from './transitions.js';

const FAR = new Date(T0 + 365 * 24 * HOUR);

const ask = (scope: string, experimentId: number, overrides: Partial<NewRequest> = {}): NewRequest => ({
  scope,
  teamId: scope,
  requestedBy: 'U1',
  channelId: 'C1',
  surface: 'command',
  what: { action: 'start', experimentId },
  state: 'pending-approval',
  approval: { validUntil: iso(T0 + 24 * HOUR) },
  ...overrides,
});

/** Holds the next write of `keyv`'s set until released; `reached` resolves when it is made. */
function holdNextSet(keyv: Keyv) {
  const realSet = keyv.set;
  let release = () => {};
  let reached = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reaching = new Promise<void>((resolve) => {
    reached = resolve;
  });
  keyv.set = (async (...args: Parameters<typeof realSet>) => {
    keyv.set = realSet;
    reached();
    await gate;
    return realSet.apply(keyv, args);
  }) as typeof realSet;
  return { reached: reaching, release };
}

const kinds = (outcomes: CreateOutcome[]) => outcomes.map((o) => o.kind).sort();

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)(
  'two replicas of the request store on %s',
  (kind) => {
    const fixture = backendFixture(kind);
    const namespace = uniqueName('requests');
    afterAll(() => fixture.dispose(namespace));
    const clock = { at: T0 };

    /**
     * Two replicas: on the servers, two connections; memory and SQLite are one process's, so one
     * store whose writes still interleave.
     */
    async function twoReplicas(): Promise<{ replicas: [RequestStore, RequestStore]; backing: Store }> {
      const first = await fixture.open();
      const second = kind === 'redis' || kind === 'postgres' ? await fixture.open() : first;
      const on = (store: Store) =>
        createRequestStore({ stored: storedValues(store, namespace), now: () => new Date(clock.at) });
      return { replicas: [on(first), on(second)], backing: first };
    }

    it('lets exactly one of an approval, a rejection and a cancel made at once move a request', async () => {
      clock.at = T0;
      const { replicas } = await twoReplicas();
      const [a, b] = replicas;
      for (let round = 1; round <= 8; round++) {
        const made = await a.create(ask('T-decide', round));
        if (made.kind !== 'created') throw new Error(`expected created, got ${made.kind}`);
        const { id } = made.request;
        const events: Array<[RequestStore, RequestEvent]> = [
          [a, { kind: 'approve', by: 'U2' }],
          [b, { kind: 'reject', by: 'U3' }],
          [round % 2 ? b : a, { kind: 'cancel', by: 'U1' }],
        ];
        const results = await Promise.all(events.map(([r, event]) => r.apply('T-decide', id, event)));
        const applied = results.filter((r): r is TransitionResult & { ok: true } => r?.ok === true);
        expect(applied).toHaveLength(1);
        const winner = applied[0]?.request.state;
        for (const result of results) expect(result?.request.state).toBe(winner);
        for (const lost of results.filter((r) => !r?.ok))
          expect(lost).toMatchObject({ problem: 'not-applicable' });
        const stored = await b.get('T-decide', id);
        expect(stored?.state).toBe(winner);
        expect(stored?.history).toHaveLength(2);
      }
      expect(await a.waiting('T-decide')).toEqual([]);
    });

    it('lets exactly one of two replicas claim a due request to run it', async () => {
      clock.at = T0;
      const { replicas } = await twoReplicas();
      const [a, b] = replicas;
      const ids: string[] = [];
      for (let n = 1; n <= 8; n++) {
        const made = await a.create(
          ask('T-claim', n, { state: 'scheduled', approval: undefined, runAt: iso(T0 + HOUR) }),
        );
        if (made.kind === 'created') ids.push(made.request.id);
      }
      expect(ids).toHaveLength(8);
      clock.at = T0 + HOUR;
      for (const id of ids) {
        const claims = await Promise.all([
          a.apply('T-claim', id, { kind: 'run' }),
          b.apply('T-claim', id, { kind: 'run' }),
        ]);
        expect(claims.filter((c) => c?.ok)).toHaveLength(1);
        expect(claims.map((c) => c?.request.state)).toEqual(['running', 'running']);
        expect((await a.get('T-claim', id))?.history.map((s) => s.state)).toEqual(['scheduled', 'running']);
      }
    });

    it('lists all of 30 requests two replicas create at once, as waiting and as due', async () => {
      clock.at = T0;
      const { replicas } = await twoReplicas();
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          replicas[i % 2]?.create(
            ask(
              'T-many',
              i + 1,
              i % 3 ? { state: 'scheduled', approval: undefined, runAt: iso(T0 + (i + 1) * MINUTE) } : {},
            ),
          ),
        ),
      );
      const ids = outcomes.map((o) => (o?.kind === 'created' ? o.request.id : o?.kind)).sort();
      expect(ids.every((id) => id !== undefined && id.length === 36)).toBe(true);
      expect((await replicas[0].waiting('T-many')).map((r) => r.id).sort()).toEqual(ids);
      const due = (await replicas[1].due(FAR, 10_000)).filter((e) => e.scope === 'T-many');
      expect(due.map((e) => e.id).sort()).toEqual(ids);
    });

    it('makes one request of the same one asked on two replicas at once', async () => {
      clock.at = T0;
      const { replicas } = await twoReplicas();
      for (let n = 1; n <= 6; n++) {
        const outcomes = await Promise.all(replicas.map((r) => r.create(ask('T-same', n))));
        expect(kinds(outcomes)).toEqual(['created', 'duplicate']);
        const made = outcomes.find((o) => o.kind === 'created');
        const refused = outcomes.find((o) => o.kind === 'duplicate');
        if (made?.kind === 'created' && refused?.kind === 'duplicate')
          expect(refused.existing).toEqual(made.request);
      }
      expect(await replicas[0].waiting('T-same')).toHaveLength(6);
    });

    it("makes one request when the second is asked while the first one's record is being written", async () => {
      clock.at = T0;
      const { replicas, backing } = await twoReplicas();
      const held = holdNextSet(backing.keyv(namespace));
      const first = replicas[0].create(ask('T-held', 1));
      await held.reached;
      const second = await replicas[1].create(ask('T-held', 1));
      held.release();
      const outcomes = [await first, second];
      expect(kinds(outcomes)).toEqual(['created', 'duplicate']);
      const waiting = await replicas[1].waiting('T-held');
      expect(waiting).toHaveLength(1);
      const rows = (await fixture.rawRows(backing, namespace)).filter((r) =>
        r.key.includes('request:T-held:'),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.key.endsWith(waiting[0]?.id ?? 'none')).toBe(true);
    });
  },
);
