// Reading the time phrase of a scheduled command (`/exp start 123 at 2026-12-01 10:00`), in the
// person's own time zone (Slack's users.info tz). Pure: the clock and the zone come in `ctx`.
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
  /** The words do not start with a time phrase (at, in, tomorrow). */
  | { kind: 'none'; rest: readonly string[] }
  /** rest: the words after the time phrase. */
  | { kind: 'ok'; at: Date; rest: readonly string[] }
  | { kind: 'invalid'; reason: WhenRefusal; phrase: string; rest: readonly string[] };

/** How far ahead an action may be scheduled: one year (365 days). */
export const MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

const MINUTE = 60_000;
// A day and a week are fixed lengths here: `in 3d` is 72 hours, whatever DST does meanwhile.
const UNIT_MS: Record<string, number> = { m: MINUTE, h: 60 * MINUTE, d: 1440 * MINUTE, w: 10_080 * MINUTE };
const DURATION = /^(?:\d{1,6}[wdhm])+$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO = /^(\d{4}-\d{2}-\d{2})t(\d{1,2}:\d{2}(?::\d{2})?)(z|[+-]\d{2}(?::?\d{2})?)?$/;

/** What a phrase reader found: an instant, or unreadable, and how many words it took. */
type Reading = { at: number | undefined; used: number };
type Reader = (words: readonly string[], ctx: WhenContext) => Reading;

/** Reads a time phrase at the START of `words` (the words after the experiment id). */
export function readWhen(words: readonly string[], ctx: WhenContext): ReadWhen {
  const first = words[0]?.toLowerCase() ?? '';
  // Own keys only: a word such as `__proto__` or `constructor` is not a phrase.
  const reader = Object.hasOwn(READERS, first) ? READERS[first] : undefined;
  if (!reader) return { kind: 'none', rest: words };
  const lower = words.map((w) => w.toLowerCase());
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

/** `in 2h`, `in 90m`, `in 1d 12h`, `in 2h30m`: the duration words that follow. */
const readIn: Reader = (words, ctx) => {
  let used = 1;
  let total = 0;
  for (let word = words[used]; word !== undefined && DURATION.test(word); word = words[++used]) {
    for (const [, n, unit] of word.matchAll(/(\d+)([wdhm])/g))
      total += Number(n) * (UNIT_MS[unit ?? ''] ?? 0);
  }
  if (used === 1) return { at: undefined, used: 2 };
  return { at: ctx.now.getTime() + total, used };
};

/** `tomorrow 09:00`: the wall time on the zone's next calendar day. */
const readTomorrow: Reader = (words, ctx) => {
  const clock = readClock(words[1]);
  if (!clock) return { at: undefined, used: 2 };
  const today = wallTimeAt(ctx.now.getTime(), ctx.timeZone);
  const next = new Date(wallAsUtc({ ...today, hour: 12 }) + 24 * 60 * MINUTE);
  const day = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
  return { at: instantOfWallTime({ ...day, ...clock }, ctx.timeZone), used: 2 };
};

/** `at 10:00` (today), `at tomorrow 09:00`, `at 2026-12-01 10:00`, `at 2026-12-01T10:00[Z|+03:00]`. */
const readAt: Reader = (words, ctx) => {
  const [, first, second] = words;
  if (first === 'tomorrow') {
    const tomorrow = readTomorrow(words.slice(1), ctx);
    return { at: tomorrow.at, used: tomorrow.used + 1 };
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

const READERS: Record<string, Reader> = { at: readAt, in: readIn, tomorrow: readTomorrow };

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

function readDate(word: string | undefined): Pick<WallTime, 'year' | 'month' | 'day'> | undefined {
  const [, y, m, d] = (word === undefined ? null : DATE.exec(word)) ?? [];
  if (y === undefined) return undefined;
  const date = { year: Number(y), month: Number(m), day: Number(d) };
  // 2026-02-30 is refused, not rolled into March.
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) return undefined;
  return date;
}
