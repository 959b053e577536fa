// Reading the time phrase of a scheduled command (`/exp start 123 at 2026-12-01 10:00`,
// `/exp start 123 завтра в 10:00`), in English or Russian words, in the person's own time zone
// (Slack's users.info tz). Pure: the clock and the zone come in `ctx`.

import {
  AT_WORDS,
  DAY_WORDS,
  IN_WORDS,
  JOINED_DURATION,
  JOINED_UNIT,
  JOINED_UNITS,
  LONE_UNITS,
  ONE_WORDS,
  UNIT_WORDS,
  type Unit,
  WEEKDAYS,
} from './when-words.js';
import {
  formatWallTime,
  instantOfWallTime,
  isKnownZone,
  type WallTime,
  wallAsUtc,
  wallTimeAt,
} from './when-zone.js';

export interface WhenContext {
  now: Date;
  /** IANA zone, from Slack's users.info tz. */
  timeZone: string;
}

export type WhenRefusal = 'unreadable' | 'past' | 'too-far' | 'unknown-zone';

export type ReadWhen =
  /** The words do not start with a time phrase (at, in, tomorrow, в, через, завтра, a weekday…). */
  | { kind: 'none'; rest: readonly string[] }
  /** rest: the words after the time phrase. */
  | { kind: 'ok'; at: Date; rest: readonly string[] }
  | { kind: 'invalid'; reason: WhenRefusal; phrase: string; rest: readonly string[] };

/** How far ahead an action may be scheduled: one year (365 days). */
export const MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

const MINUTE = 60_000;
const DAY_MS = 1440 * MINUTE;
// A day and a week are fixed lengths here: `in 3d` is 72 hours, whatever DST does meanwhile.
const UNIT_MS: Record<Unit, number> = { m: MINUTE, h: 60 * MINUTE, d: DAY_MS, w: 7 * DAY_MS };
const NUMBER = /^\d{1,6}$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO = /^(\d{4}-\d{2}-\d{2})t(\d{1,2}:\d{2}(?::\d{2})?)(z|[+-]\d{2}(?::?\d{2})?)?$/;

/** What a phrase reader found: an instant, or unreadable, and how many words it took. */
type Reading = { at: number | undefined; used: number };
type Reader = (words: readonly string[], ctx: WhenContext) => Reading;
type CalendarDay = Pick<WallTime, 'year' | 'month' | 'day'>;

/** Reads a time phrase at the START of `words` (the words after the experiment id). */
export function readWhen(words: readonly string[], ctx: WhenContext): ReadWhen {
  const lower = words.map((w) => w.toLowerCase());
  const reader = readerFor(lower[0] ?? '');
  if (!reader) return { kind: 'none', rest: words };
  // An unknown zone is refused even for `in 2h`: the time is shown back in it. The phrase is still
  // read (in UTC) to tell where it ends.
  const known = isKnownZone(ctx.timeZone);
  const reading = reader(lower, known ? ctx : { ...ctx, timeZone: 'UTC' });
  const used = Math.min(Math.max(reading.used, 1), words.length);
  const phrase = words.slice(0, used).join(' ');
  const rest = words.slice(used);
  if (!known) return { kind: 'invalid', reason: 'unknown-zone', phrase, rest };
  if (reading.at === undefined || Number.isNaN(reading.at)) {
    return { kind: 'invalid', reason: 'unreadable', phrase, rest };
  }
  const ahead = reading.at - ctx.now.getTime();
  if (ahead <= 0) return { kind: 'invalid', reason: 'past', phrase, rest };
  if (ahead > MAX_AHEAD_MS) return { kind: 'invalid', reason: 'too-far', phrase, rest };
  return { kind: 'ok', at: new Date(reading.at), rest };
}

/** `2026-12-01 10:00 (Europe/Amsterdam)`; an unknown zone is shown in UTC, and named so. */
export function formatWhen(at: Date, timeZone: string): string {
  const zone = isKnownZone(timeZone) ? timeZone : 'UTC';
  return `${formatWallTime(at.getTime(), zone)} (${zone})`;
}

// Maps, not object keys: a word such as `__proto__` or `constructor` starts no phrase.
function readerFor(first: string): Reader | undefined {
  if (AT_WORDS.has(first)) return readAt;
  if (IN_WORDS.has(first)) return readIn;
  if (DAY_WORDS.has(first)) return readDay;
  if (WEEKDAYS.has(first)) return readWeekday;
  return undefined;
}

/** `in 2h`, `in 1d 12h`, `in 2 hours`, `in a week`, `через 30 мин`, `через 3 дня`, `через неделю`. */
const readIn: Reader = (words, ctx) => {
  let used = 1;
  let total = 0;
  for (let term = durationAt(words, used); term; term = durationAt(words, used)) {
    total += term.ms;
    used += term.used;
  }
  if (used === 1) return { at: undefined, used: 2 };
  return { at: ctx.now.getTime() + total, used };
};

/** One term of a duration at `words[i]`: `2h30m`, `2 hours`, `an hour`, `неделю`. */
function durationAt(words: readonly string[], i: number): { ms: number; used: number } | undefined {
  const word = words[i];
  if (word === undefined) return undefined;
  if (JOINED_DURATION.test(word)) {
    let ms = 0;
    for (const [, n, unit] of word.matchAll(JOINED_UNIT))
      ms += Number(n) * UNIT_MS[JOINED_UNITS[unit ?? ''] ?? 'm'];
    return { ms, used: 1 };
  }
  const unit = UNIT_WORDS.get(words[i + 1] ?? '');
  if (unit && NUMBER.test(word)) return { ms: Number(word) * UNIT_MS[unit], used: 2 };
  if (unit && ONE_WORDS.has(word)) return { ms: UNIT_MS[unit], used: 2 };
  const lone = LONE_UNITS.has(word) ? UNIT_WORDS.get(word) : undefined;
  return lone ? { ms: UNIT_MS[lone], used: 1 } : undefined;
}

/** `tomorrow 09:00`, `today at 18:00`, `завтра в 10:00`, `послезавтра 09:00`: a wall time that many days on. */
const readDay: Reader = (words, ctx) => {
  const clockAt = AT_WORDS.has(words[1] ?? '') ? 2 : 1;
  const clock = readClock(words[clockAt]);
  if (!clock) return { at: undefined, used: clockAt + 1 };
  const day = calendarDayAfter(ctx, DAY_WORDS.get(words[0] ?? '') ?? 0);
  return { at: instantOfWallTime({ ...day, ...clock }, ctx.timeZone), used: clockAt + 1 };
};

/** `mon 09:00`, `пн в 09:00`: the next such weekday whose wall time is still ahead (today included). */
const readWeekday: Reader = (words, ctx) => {
  const clockAt = AT_WORDS.has(words[1] ?? '') ? 2 : 1;
  const clock = readClock(words[clockAt]);
  const weekday = WEEKDAYS.get(words[0] ?? '');
  if (!clock || weekday === undefined) return { at: undefined, used: clockAt + 1 };
  for (let days = 0; days <= 7; days++) {
    const day = calendarDayAfter(ctx, days);
    if (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() !== weekday) continue;
    const at = instantOfWallTime({ ...day, ...clock }, ctx.timeZone);
    if (at > ctx.now.getTime()) return { at, used: clockAt + 1 };
  }
  return { at: undefined, used: clockAt + 1 };
};

/** `at 10:00` (today), `at tomorrow 09:00`, `в пн 09:00`, `at 2026-12-01 10:00`, `at 2026-12-01T10:00[Z|+03:00]`. */
const readAt: Reader = (words, ctx) => {
  const [, first, second] = words;
  const named = first === undefined ? undefined : readerFor(first);
  if (named === readDay || named === readWeekday) {
    const reading = named(words.slice(1), ctx);
    return { at: reading.at, used: reading.used + 1 };
  }
  const clock = readClock(first);
  if (clock) {
    const today = wallTimeAt(ctx.now.getTime(), ctx.timeZone);
    return { at: instantOfWallTime({ ...today, ...clock }, ctx.timeZone), used: 2 };
  }
  const iso = first === undefined ? null : ISO.exec(first);
  if (iso) return { at: readIso(iso[1] ?? '', iso[2] ?? '', iso[3], ctx.timeZone), used: 2 };
  const date = readDate(first);
  const time = readClock(second);
  if (date && time) return { at: instantOfWallTime({ ...date, ...time }, ctx.timeZone), used: 3 };
  return { at: undefined, used: first !== undefined && DATE.test(first) ? 3 : 2 };
};

/** The calendar day `days` after today in the person's zone. */
function calendarDayAfter(ctx: WhenContext, days: number): CalendarDay {
  const today = wallTimeAt(ctx.now.getTime(), ctx.timeZone);
  const then = new Date(wallAsUtc({ ...today, hour: 12 }) + days * DAY_MS);
  return { year: then.getUTCFullYear(), month: then.getUTCMonth() + 1, day: then.getUTCDate() };
}

function readIso(
  date: string,
  clock: string,
  zone: string | undefined,
  timeZone: string,
): number | undefined {
  const day = readDate(date);
  const time = readClock(clock);
  if (!day || !time) return undefined;
  const wall: WallTime = { ...day, ...time };
  if (zone === undefined) return instantOfWallTime(wall, timeZone);
  if (zone === 'z') return wallAsUtc(wall);
  const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ?? [];
  const offset = (Number(hours) * 60 + Number(minutes ?? 0)) * MINUTE;
  if (Number(hours) > 14 || Number(minutes ?? 0) > 59) return undefined;
  return wallAsUtc(wall) - (sign === '-' ? -offset : offset);
}

function readClock(word: string | undefined): Pick<WallTime, 'hour' | 'minute' | 'second'> | undefined {
  const [, h, m, s] = (word === undefined ? null : CLOCK.exec(word)) ?? [];
  const clock = { hour: Number(h), minute: Number(m), second: Number(s ?? 0) };
  if (h === undefined || clock.hour > 23 || clock.minute > 59 || clock.second > 59) return undefined;
  return clock;
}

function readDate(word: string | undefined): CalendarDay | undefined {
  const [, y, m, d] = (word === undefined ? null : DATE.exec(word)) ?? [];
  if (y === undefined) return undefined;
  const date = { year: Number(y), month: Number(m), day: Number(d) };
  // 2026-02-30 is refused, not rolled into March.
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) return undefined;
  return date;
}
