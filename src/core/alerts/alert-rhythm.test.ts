import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExperimentRecord, Fact } from '../experiments/record.js';
import type { ActionRequest } from '../requests/action-request.js';
import { buildDigest, isEmptyDigest } from './digest.js';
import { latestDue, nextDue, parseDigestSchedule } from './digest-schedule.js';
import { formatQuietHours, isQuietAt, parseQuietHours, quietEndsAfter } from './quiet-hours.js';
import { formatDayMinute, parseDayMinute } from './wall-clock.js';

// Quiet hours and digest times on the clocks of a zone, and the digest of a period: all pure, the
// clock given as an instant, so no test waits for one.

const at = (iso: string) => Date.parse(iso);

describe('times of day', () => {
  it('reads back every minute of the day it writes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minute) => {
        expect(parseDayMinute(formatDayMinute(minute))).toBe(minute);
      }),
    );
  });

  it('refuses what is not HH:MM on a 24-hour clock', () => {
    for (const bad of ['24:00', '9', '9:5', '12:60', 'ab:cd', '', '-1:00', '10:00:00'])
      expect(parseDayMinute(bad)).toBeUndefined();
    expect(parseDayMinute('9:05')).toBe(545);
  });
});

describe('quiet hours', () => {
  const quiet = (text: string, zone = 'Europe/Moscow') => {
    const read = parseQuietHours(text, zone);
    if (!read.ok) throw new Error(read.problem);
    return read.quiet;
  };

  it('reads back what it shows, any start and end (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 1439 }), (from, to) => {
        fc.pre(from !== to);
        const text = `${formatDayMinute(from)}-${formatDayMinute(to)}`;
        const read = parseQuietHours(text, 'UTC');
        expect(read.ok && formatQuietHours(read.quiet).replace('–', '-')).toBe(text);
      }),
    );
  });

  it('refuses the same start and end, an unreadable range and an unknown zone', () => {
    expect(parseQuietHours('22:00-22:00', 'UTC')).toEqual({ ok: false, problem: 'empty' });
    expect(parseQuietHours('22-08', 'UTC')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseQuietHours('22:00-08:00-09:00', 'UTC')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseQuietHours('22:00-08:00', 'Mars/Olympus')).toEqual({ ok: false, problem: 'unknown-zone' });
  });

  it('spans midnight on the zone clocks, its end minute not quiet', () => {
    const night = quiet('22:00-08:00'); // Moscow is UTC+3
    expect(isQuietAt(night, at('2026-12-01T18:59:00Z'))).toBe(false); // 21:59
    expect(isQuietAt(night, at('2026-12-01T19:00:00Z'))).toBe(true); // 22:00
    expect(isQuietAt(night, at('2026-12-02T04:59:00Z'))).toBe(true); // 07:59
    expect(isQuietAt(night, at('2026-12-02T05:00:00Z'))).toBe(false); // 08:00
    const lunch = quiet('12:00-13:00');
    expect(isQuietAt(lunch, at('2026-12-01T09:30:00Z'))).toBe(true);
    expect(isQuietAt(lunch, at('2026-12-01T10:00:00Z'))).toBe(false);
  });

  it('ends at the next `to` on the zone clocks, across a DST change', () => {
    const night = quiet('22:00-08:00');
    expect(quietEndsAfter(night, at('2026-12-01T20:00:00Z'))).toBe(at('2026-12-02T05:00:00Z'));
    expect(quietEndsAfter(night, at('2026-12-02T03:00:00Z'))).toBe(at('2026-12-02T05:00:00Z'));
    // Berlin leaves summer time on 2026-10-25: 08:00 that morning is 07:00 UTC, the day before 06:00.
    const berlin = quiet('22:00-08:00', 'Europe/Berlin');
    expect(quietEndsAfter(berlin, at('2026-10-24T21:00:00Z'))).toBe(at('2026-10-25T07:00:00Z'));
  });
});

describe('digest schedules', () => {
  const schedule = (words: string, zone = 'UTC') => {
    const read = parseDigestSchedule(words.split(' '), zone);
    if (!read.ok) throw new Error(read.problem);
    return read.schedule;
  };

  it('reads daily and weekly times, in English or Russian weekday names', () => {
    expect(schedule('daily 09:00')).toEqual({ every: 'daily', at: 540, timeZone: 'UTC' });
    expect(schedule('weekly mon 09:30')).toEqual({ every: 'weekly', weekday: 1, at: 570, timeZone: 'UTC' });
    expect(schedule('weekly пн 09:30')).toEqual(schedule('weekly monday 09:30'));
    for (const bad of ['daily', 'daily 25:00', 'weekly 09:00', 'weekly someday 09:00', 'hourly 09:00'])
      expect(parseDigestSchedule(bad.split(' '), 'UTC').ok).toBe(false);
  });

  it('finds the latest and the next due time on the zone clocks', () => {
    const daily = schedule('daily 09:00', 'Europe/Moscow');
    expect(latestDue(daily, at('2026-12-02T05:59:00Z'))).toBe(at('2026-12-01T06:00:00Z'));
    expect(latestDue(daily, at('2026-12-02T06:00:00Z'))).toBe(at('2026-12-02T06:00:00Z'));
    expect(nextDue(daily, at('2026-12-02T06:00:00Z'))).toBe(at('2026-12-03T06:00:00Z'));
    // 2026-12-07 is a Monday.
    const weekly = schedule('weekly mon 09:00');
    expect(latestDue(weekly, at('2026-12-09T12:00:00Z'))).toBe(at('2026-12-07T09:00:00Z'));
    expect(nextDue(weekly, at('2026-12-07T09:00:00Z'))).toBe(at('2026-12-14T09:00:00Z'));
  });

  it('always has the latest due at or before the instant and the next after it, a period apart at most (property)', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') }),
        fc.constantFrom(...zones),
        fc.boolean(),
        (instant, zone, weekly) => {
          const s = schedule(weekly ? 'weekly wed 07:15' : 'daily 07:15', zone);
          const last = latestDue(s, instant);
          const next = nextDue(s, instant);
          const period = (weekly ? 7 : 1) * 24 * 3_600_000;
          expect(last).toBeLessThanOrEqual(instant);
          expect(next).toBeGreaterThan(instant);
          // A DST change may stretch or shrink one period by an hour.
          expect(next - last).toBeLessThanOrEqual(period + 3_600_000);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a digest', () => {
  const record = (id: number, over: Partial<ExperimentRecord> = {}): ExperimentRecord => ({
    experimentId: id,
    name: { value: `Exp ${id}`, source: 'platform-read', at: '2026-11-01T00:00:00Z' },
    actions: [],
    threads: [],
    touchedAt: '2026-11-01T00:00:00Z',
    ...over,
  });
  const fact = (value: string): Fact<string> => ({
    value,
    source: 'platform-read',
    at: '2026-11-01T00:00:00Z',
  });
  const from = at('2026-12-01T09:00:00Z');
  const to = at('2026-12-02T09:00:00Z');

  it('lists what happened in the period, what runs and for how long, and what waits or comes due', () => {
    const records = [
      record(1, {
        status: fact('running'),
        team: fact('growth'),
        actions: [{ action: 'start', actorId: 'U1', at: '2026-12-01T10:00:00Z', source: 'slack' }],
      }),
      record(2, {
        status: fact('stopped'),
        team: fact('growth'),
        actions: [
          {
            action: 'stop',
            actorId: 'U2',
            at: '2026-12-01T12:00:00Z',
            source: 'slack',
            interruptReason: 'bug',
          },
          { action: 'edit', actorId: 'U2', at: '2026-12-01T11:00:00Z', source: 'slack' },
          { action: 'start', actorId: 'U2', at: '2026-11-20T12:00:00Z', source: 'slack' },
        ],
      }),
      record(3, {
        status: fact('running'),
        team: fact('search'),
        actions: [{ action: 'start', actorId: 'U3', at: '2026-10-01T00:00:00Z', source: 'slack' }],
      }),
    ];
    const waiting = [
      { what: { action: 'stop', experimentId: 1 }, state: 'pending-approval' },
      { what: { action: 'start', experimentId: 2 }, state: 'scheduled', runAt: '2026-12-02T15:00:00Z' },
      { what: { action: 'start', experimentId: 2 }, state: 'scheduled', runAt: '2026-12-09T15:00:00Z' },
      { what: { action: 'start', experimentId: 3 }, state: 'scheduled', runAt: '2026-12-02T15:00:00Z' },
    ] as ActionRequest[];
    const growth = [{ team: { value: 'growth', label: 'Growth' } }];
    const digest = buildDigest({ records, waiting, selectors: growth, from, to, nextTo: to + 86_400_000 });
    expect(digest.happened.map((a) => [a.experimentId, a.action])).toEqual([
      [1, 'start'],
      [2, 'stop'],
    ]);
    expect(digest.running).toEqual([{ experimentId: 1, name: 'Exp 1', since: at('2026-12-01T10:00:00Z') }]);
    expect(digest.waiting.map((w) => w.what.experimentId)).toEqual([1]);
    expect(digest.due.map((w) => w.runAt)).toEqual(['2026-12-02T15:00:00Z']);
    expect(digest.long).toEqual([]);
    expect(isEmptyDigest(digest)).toBe(false);

    const everything = buildDigest({
      records,
      waiting: [],
      selectors: [],
      from,
      to,
      nextTo: to,
      longAfterMs: 30 * 86_400_000,
    });
    expect(everything.running.map((r) => r.experimentId)).toEqual([3, 1]);
    expect(everything.long.map((r) => r.experimentId)).toEqual([3]);
  });

  it('is empty when nothing happened, waits, comes due or runs long', () => {
    const quietRecords = [record(4, { status: fact('running'), actions: [] })];
    const digest = buildDigest({ records: quietRecords, waiting: [], selectors: [], from, to, nextTo: to });
    expect(digest.running).toHaveLength(1);
    expect(isEmptyDigest(digest)).toBe(true);
  });
});
