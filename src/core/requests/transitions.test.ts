import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ActionRequest,
  ActionRequest as ActionRequestSchema,
  REQUEST_STATES,
  type RequestState,
  TERMINAL_STATES,
} from './action-request.js';
import { aRequest, HOUR, iso, MINUTE, T0 } from './request-fixtures.test-helper.js';
import {
  MISSED_AFTER_MS,
  type RequestEvent,
  type TransitionProblem,
  type TransitionResult,
  transition,
} from './transitions.js';

const NOW = T0 + 10 * HOUR;

const EVENTS = {
  approve: { kind: 'approve', by: 'U2' },
  reject: { kind: 'reject', by: 'U2', reason: 'not on a Friday' },
  cancel: { kind: 'cancel', by: 'U1' },
  'expire unanswered': { kind: 'expire', why: 'unanswered' },
  'expire missed': { kind: 'expire', why: 'missed' },
  run: { kind: 'run' },
  refuse: { kind: 'refuse', why: 'schedule' },
  finish: { kind: 'finish', state: 'done' },
} as const satisfies Record<string, RequestEvent>;
type EventName = keyof typeof EVENTS;

/**
 * The request's times set so that the event's own time condition holds at NOW, whatever the state:
 * the table below then shows what the state alone decides.
 */
const RIPE_FOR: Record<EventName, Partial<ActionRequest>> = {
  approve: { approval: { validUntil: iso(NOW + HOUR) } },
  reject: { approval: { validUntil: iso(NOW + HOUR) } },
  cancel: { runAt: iso(NOW + HOUR), approval: { validUntil: iso(NOW + 2 * HOUR) } },
  'expire unanswered': { approval: { validUntil: iso(NOW - 1) } },
  'expire missed': { runAt: iso(NOW - MISSED_AFTER_MS - 1) },
  run: { runAt: iso(NOW - 1) },
  refuse: {},
  finish: {},
};

type Cell = RequestState | TransitionProblem;
const NA = 'not-applicable';
const ENDED_ROW: Record<EventName, Cell> = {
  approve: NA,
  reject: NA,
  cancel: NA,
  'expire unanswered': NA,
  'expire missed': NA,
  run: NA,
  refuse: NA,
  finish: NA,
};
/** state × event → the state it moves to, or the problem that leaves it where it is. */
const TABLE: Record<RequestState, Record<EventName, Cell>> = {
  'pending-approval': {
    approve: 'running',
    reject: 'rejected',
    cancel: 'cancelled',
    'expire unanswered': 'expired',
    'expire missed': NA,
    run: NA,
    refuse: NA,
    finish: NA,
  },
  scheduled: {
    approve: NA,
    reject: NA,
    cancel: 'cancelled',
    'expire unanswered': NA,
    'expire missed': 'expired',
    run: 'running',
    refuse: NA,
    finish: NA,
  },
  running: {
    approve: NA,
    reject: NA,
    cancel: NA,
    'expire unanswered': NA,
    'expire missed': NA,
    run: NA,
    refuse: 'rejected',
    finish: 'done',
  },
  done: ENDED_ROW,
  failed: ENDED_ROW,
  rejected: ENDED_ROW,
  expired: ENDED_ROW,
  cancelled: ENDED_ROW,
  'outcome-unknown': ENDED_ROW,
};

const isState = (cell: Cell): cell is RequestState => (REQUEST_STATES as readonly string[]).includes(cell);

describe('the transition table', () => {
  const cells = REQUEST_STATES.flatMap((state) =>
    (Object.keys(EVENTS) as EventName[]).map((name) => [state, name, TABLE[state][name]] as const),
  );

  it.each(cells)('%s + %s → %s', (state, name, expected) => {
    const request = aRequest({ state, ...RIPE_FOR[name] });
    const result = transition(request, EVENTS[name], new Date(NOW));
    if (isState(expected)) {
      expect(result.ok).toBe(true);
      expect(result.request.state).toBe(expected);
      expect(result.request.history.at(-1)).toMatchObject({ state: expected, at: iso(NOW) });
      expect(result.request.id).toBe(request.id);
      expect(result.request.what).toEqual(request.what);
    } else {
      expect(result).toEqual({ ok: false, request, problem: expected });
      expect(result.request).toBe(request);
    }
  });
});

describe('what a transition records', () => {
  const now = new Date(NOW);

  it('an approval names its approver and time, and waits for a time still ahead', () => {
    const request = aRequest({
      state: 'pending-approval',
      runAt: iso(NOW + HOUR),
      approval: { validUntil: iso(NOW + 2 * HOUR) },
    });
    const result = transition(request, { kind: 'approve', by: 'U2' }, now);
    expect(result.ok).toBe(true);
    expect(result.request.state).toBe('scheduled');
    expect(result.request.approval).toEqual({
      validUntil: iso(NOW + 2 * HOUR),
      decidedBy: 'U2',
      decidedAt: iso(NOW),
    });
    expect(result.request.history.at(-1)).toEqual({ state: 'scheduled', at: iso(NOW), by: 'U2' });
  });

  it('a rejection keeps what was said, trimmed and cut to 500 characters, and nothing when blank', () => {
    const request = aRequest({ state: 'pending-approval', approval: { validUntil: iso(NOW + HOUR) } });
    const said = transition(request, { kind: 'reject', by: 'U2', reason: `  ${'x'.repeat(600)}  ` }, now);
    expect(said.request).toMatchObject({ state: 'rejected', why: 'rejected' });
    expect(said.request.approval?.reason).toBe('x'.repeat(500));
    const blank = transition(request, { kind: 'reject', by: 'U2', reason: '   ' }, now);
    expect(blank.request.approval).not.toHaveProperty('reason');
  });

  it.each([
    [{ kind: 'cancel', by: 'U7' }, 'scheduled', 'cancelled', 'U7'],
    [{ kind: 'expire', why: 'unanswered' }, 'pending-approval', 'unanswered', undefined],
    [{ kind: 'expire', why: 'missed' }, 'scheduled', 'missed', undefined],
    [{ kind: 'refuse', why: 'other-comment' }, 'running', 'other-comment', undefined],
    [{ kind: 'finish', state: 'failed', why: 'conflict' }, 'running', 'conflict', undefined],
  ] as const)('%o from %s says why (%s) and who moved it', (event, state, why, by) => {
    const ripe = event.kind === 'expire' ? RIPE_FOR[`expire ${event.why}`] : {};
    const result = transition(aRequest({ state, ...ripe }), event, now);
    expect(result.ok).toBe(true);
    expect(result.request.why).toBe(why);
    expect(result.request.history.at(-1)?.by).toBe(by);
  });

  it('a pending request without an approval section can be neither approved nor expired', () => {
    const request = aRequest({ state: 'pending-approval' });
    for (const event of [EVENTS.approve, EVENTS.reject, EVENTS['expire unanswered']] as const)
      expect(transition(request, event, now)).toMatchObject({ ok: false, problem: 'not-applicable' });
  });
});

// Properties, over requests in any state with any times and histories, and events of every kind.

const DAY = 24 * HOUR;
const offset = fc.integer({ min: -3 * DAY, max: 3 * DAY });
const person = fc.constantFrom('U1', 'U2', 'U3');

const eventArb: fc.Arbitrary<RequestEvent> = fc.oneof(
  fc.record({ kind: fc.constant('approve'), by: person }),
  fc.record({
    kind: fc.constant('reject'),
    by: person,
    reason: fc.option(fc.string({ maxLength: 600 }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('cancel'), by: person }),
  fc.record({ kind: fc.constant('expire'), why: fc.constantFrom('unanswered', 'missed') }),
  fc.constant({ kind: 'run' }),
  fc.record({ kind: fc.constant('refuse'), why: fc.constantFrom('schedule', 'approver', 'unavailable') }),
  fc.record({
    kind: fc.constant('finish'),
    state: fc.constantFrom('done', 'failed', 'outcome-unknown'),
    why: fc.option(fc.constantFrom('conflict', 'timeout'), { nil: undefined }),
  }),
);

function requestArb(states: readonly RequestState[]): fc.Arbitrary<ActionRequest> {
  return fc
    .record({
      state: fc.constantFrom(...states),
      runAt: fc.option(offset, { nil: undefined }),
      validUntil: fc.option(offset, { nil: undefined }),
      steps: fc.integer({ min: 1, max: 16 }),
    })
    .map(({ state, runAt, validUntil, steps }) =>
      aRequest({
        state,
        ...(runAt === undefined ? {} : { runAt: iso(T0 + runAt) }),
        ...(validUntil === undefined ? {} : { approval: { validUntil: iso(T0 + validUntil) } }),
        history: Array.from({ length: steps }, (_, i) => ({ state, at: iso(T0 - (steps - i) * MINUTE) })),
      }),
    );
}

const timedEvents = fc.array(fc.record({ event: eventArb, at: offset }), { maxLength: 30 });
const ENDED = [...TERMINAL_STATES];
const WAITING_OR_RUNNING = REQUEST_STATES.filter((s) => !TERMINAL_STATES.has(s));

describe('properties of the state machine', () => {
  it('an ended request never changes, under any sequence of events', () => {
    fc.assert(
      fc.property(requestArb(ENDED), timedEvents, (request, events) => {
        for (const { event, at } of events) {
          const result = transition(request, event, new Date(T0 + at));
          expect(result).toEqual({ ok: false, request, problem: 'not-applicable' });
          expect(result.request).toBe(request);
        }
      }),
    );
  });

  it('each applied transition adds one step (the last 16 kept), and a refused one changes nothing', () => {
    fc.assert(
      fc.property(requestArb(WAITING_OR_RUNNING), timedEvents, (start, events) => {
        let current = start;
        for (const { event, at } of events) {
          const now = new Date(T0 + at);
          const result: TransitionResult = transition(current, event, now);
          if (!result.ok) {
            expect(result.request).toBe(current);
            continue;
          }
          const before = current.history;
          const after = result.request.history;
          expect(after).toHaveLength(Math.min(before.length + 1, 16));
          expect(after.at(-1)).toMatchObject({ state: result.request.state, at: now.toISOString() });
          expect(after.slice(0, -1)).toEqual(before.slice(before.length - (after.length - 1)));
          expect(ActionRequestSchema.safeParse(result.request).success).toBe(true);
          current = result.request;
        }
      }),
    );
  });

  it('the requester can never approve or reject their own request', () => {
    fc.assert(
      fc.property(requestArb(REQUEST_STATES), offset, fc.constantFrom('approve', 'reject'), (r, at, kind) => {
        const result = transition(r, { kind, by: r.requestedBy }, new Date(T0 + at));
        expect(result.ok).toBe(false);
        if (r.state === 'pending-approval' && r.approval)
          expect(result).toMatchObject({ problem: 'own-request' });
      }),
    );
  });

  it('nothing is approved or rejected after its approval is valid until', () => {
    fc.assert(
      fc.property(
        requestArb(['pending-approval']),
        offset,
        fc.constantFrom('approve', 'reject'),
        fc.constantFrom('U2', 'U3'),
        (request, validUntil, kind, by) => {
          const r = { ...request, approval: { validUntil: iso(T0 + validUntil) } };
          for (const late of [1, MINUTE, DAY]) {
            const result = transition(r, { kind, by }, new Date(T0 + validUntil + late));
            expect(result).toMatchObject({ ok: false, problem: 'lapsed' });
          }
          expect(transition(r, { kind, by }, new Date(T0 + validUntil)).ok).toBe(true);
        },
      ),
    );
  });

  it("a run before the request's time is 'not-due', and claims it from its time on", () => {
    fc.assert(
      fc.property(requestArb(['scheduled']), offset, offset, (request, runAt, at) => {
        const r = { ...request, runAt: iso(T0 + runAt) };
        const result = transition(r, { kind: 'run' }, new Date(T0 + at));
        if (at < runAt) expect(result).toMatchObject({ ok: false, problem: 'not-due' });
        else if (at - runAt > MISSED_AFTER_MS) expect(result).toMatchObject({ ok: false, problem: 'missed' });
        else expect(result).toMatchObject({ ok: true, request: { state: 'running' } });
        expect(transition(r, { kind: 'run' }, new Date(T0 + runAt - 1))).toMatchObject({
          problem: 'not-due',
        });
        expect(transition(r, { kind: 'run' }, new Date(T0 + runAt)).ok).toBe(true);
      }),
    );
  });

  it('a scheduled request is expired as missed only once its time is more than the window past', () => {
    fc.assert(
      fc.property(
        requestArb(['scheduled']),
        offset,
        fc.integer({ min: -DAY, max: DAY }),
        (request, runAt, since) => {
          const r = { ...request, runAt: iso(T0 + runAt) };
          const result = transition(r, { kind: 'expire', why: 'missed' }, new Date(T0 + runAt + since));
          expect(result.ok).toBe(since > MISSED_AFTER_MS);
          const edge = transition(
            r,
            { kind: 'expire', why: 'missed' },
            new Date(T0 + runAt + MISSED_AFTER_MS),
          );
          expect(edge.ok).toBe(false);
        },
      ),
    );
  });

  it('a waiting approval is expired as unanswered only once it is past its validity', () => {
    fc.assert(
      fc.property(requestArb(['pending-approval']), offset, offset, (request, validUntil, at) => {
        const r = { ...request, approval: { validUntil: iso(T0 + validUntil) } };
        const result = transition(r, { kind: 'expire', why: 'unanswered' }, new Date(T0 + at));
        expect(result.ok).toBe(at > validUntil);
      }),
    );
  });
});
