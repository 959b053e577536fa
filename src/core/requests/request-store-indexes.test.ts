import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backendFixture } from '../../store/backends.test-helper.js';
import { storedValues } from '../../store/conditional-update.js';
import { type ActionRequest, isTerminal } from './action-request.js';
import { dueAtOf } from './due-index.js';
import { HOUR, iso, MINUTE, T0 } from './request-fixtures.test-helper.js';
import { createRequestStore, type NewRequest } from './request-store.js';
import type { RequestEvent } from './transitions.js';

const FAR = new Date(T0 + 365 * 24 * HOUR);

const newRequest = fc
  .record({
    experimentId: fc.integer({ min: 1, max: 1000 }),
    pending: fc.boolean(),
    runIn: fc.option(fc.integer({ min: 1, max: 6 * 60 }), { nil: undefined }),
  })
  .map(
    ({ experimentId, pending, runIn }): NewRequest => ({
      scope: 'T1',
      teamId: 'T1',
      requestedBy: 'U1',
      channelId: 'C1',
      surface: 'command',
      what: { action: 'start', experimentId },
      state: pending || runIn === undefined ? 'pending-approval' : 'scheduled',
      ...(runIn === undefined ? {} : { runAt: iso(T0 + runIn * MINUTE) }),
      ...(pending || runIn === undefined
        ? { approval: { validUntil: iso(T0 + (runIn ?? 24 * 60) * MINUTE + HOUR) } }
        : {}),
    }),
  );

const event: fc.Arbitrary<RequestEvent> = fc.oneof(
  fc.constant({ kind: 'approve', by: 'U2' }),
  fc.constant({ kind: 'reject', by: 'U2' }),
  fc.constant({ kind: 'cancel', by: 'U1' }),
  fc.constant({ kind: 'expire', why: 'unanswered' }),
  fc.constant({ kind: 'expire', why: 'missed' }),
  fc.constant({ kind: 'run' }),
  fc.constant({ kind: 'refuse', why: 'schedule' }),
  fc.constant({ kind: 'finish', state: 'done' }),
);

const steps = fc.array(fc.record({ which: fc.nat(), event, later: fc.integer({ min: 0, max: 90 }) }), {
  maxLength: 25,
});

describe('the indexes of the request store', () => {
  it('follow every request through any events: waiting while it waits, due when it next needs looking at', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(newRequest, { minLength: 1, maxLength: 6 }), steps, async (asked, moves) => {
        const clock = { at: T0 };
        const backing = await backendFixture('memory').open();
        const store = createRequestStore({
          stored: storedValues(backing, 'requests'),
          now: () => new Date(clock.at),
        });
        const ids: string[] = [];
        for (const input of asked) {
          const outcome = await store.create(input);
          if (outcome.kind === 'created') ids.push(outcome.request.id);
        }
        for (const { which, event, later } of moves) {
          clock.at += later * MINUTE;
          await store.apply('T1', ids[which % ids.length] ?? '', event);
        }
        const requests = (await Promise.all(ids.map((id) => store.get('T1', id)))).filter(
          (r): r is ActionRequest => r !== undefined,
        );
        expect(requests).toHaveLength(ids.length);
        const waits = (r: ActionRequest) => !isTerminal(r.state) && r.state !== 'running';
        const waiting = (await store.waiting('T1')).map((r) => r.id).sort();
        expect(waiting).toEqual(
          requests
            .filter(waits)
            .map((r) => r.id)
            .sort(),
        );
        const due = (await store.due(FAR, 1000)).map((e) => `${e.id}@${e.dueAt}`).sort();
        const expected = requests.flatMap((r) => {
          const at = dueAtOf(r);
          return at === undefined ? [] : [`${r.id}@${at}`];
        });
        expect(due).toEqual(expected.sort());
      }),
      { numRuns: 60 },
    );
  });
});
