import { WEEKDAYS } from '../schedule/when-words.js';
import { isKnownZone } from '../schedule/when-zone.js';
import { type DayMinute, instantAtDayMinute, parseDayMinute, weekdayAt } from './wall-clock.js';

/** When a channel's digest is posted, on the clocks of one zone. */
export type DigestSchedule =
  | { every: 'daily'; at: DayMinute; timeZone: string }
  /** weekday: 0 Sunday … 6 Saturday. */
  | { every: 'weekly'; weekday: number; at: DayMinute; timeZone: string };

export type DigestScheduleParse =
  | { ok: true; schedule: DigestSchedule }
  | { ok: false; problem: 'unreadable' | 'unknown-zone' };

/** `daily 09:00`, `weekly mon 09:00` (English or Russian weekday names, as schedules take them). */
export function parseDigestSchedule(words: readonly string[], timeZone: string): DigestScheduleParse {
  const [every, ...rest] = words.map((w) => w.toLowerCase());
  if (!isKnownZone(timeZone)) return { ok: false, problem: 'unknown-zone' };
  if (every === 'daily' && rest.length === 1) {
    const at = parseDayMinute(rest[0] ?? '');
    return at === undefined
      ? { ok: false, problem: 'unreadable' }
      : { ok: true, schedule: { every, at, timeZone } };
  }
  if (every === 'weekly' && rest.length === 2) {
    const weekday = WEEKDAYS.get(rest[0] ?? '');
    const at = parseDayMinute(rest[1] ?? '');
    if (weekday === undefined || at === undefined) return { ok: false, problem: 'unreadable' };
    return { ok: true, schedule: { every, weekday, at, timeZone } };
  }
  return { ok: false, problem: 'unreadable' };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long one period of the schedule is (a digest covers the period before it). */
export const periodMsOf = (schedule: DigestSchedule): number =>
  schedule.every === 'daily' ? DAY_MS : 7 * DAY_MS;

/** The latest time the digest was due at or before `instant`. */
export function latestDue(schedule: DigestSchedule, instant: number): number {
  for (let back = 0; back <= 8; back++) {
    const due = instantAtDayMinute(instant, schedule.timeZone, schedule.at, -back);
    if (due > instant) continue;
    if (schedule.every === 'daily' || weekdayAt(due, schedule.timeZone) === schedule.weekday) return due;
  }
  return instant - periodMsOf(schedule);
}

/** The next time the digest is due after `instant`. */
export function nextDue(schedule: DigestSchedule, instant: number): number {
  for (let ahead = 0; ahead <= 8; ahead++) {
    const due = instantAtDayMinute(instant, schedule.timeZone, schedule.at, ahead);
    if (due <= instant) continue;
    if (schedule.every === 'daily' || weekdayAt(due, schedule.timeZone) === schedule.weekday) return due;
  }
  return instant + periodMsOf(schedule);
}
