import { isKnownZone } from '../schedule/when-zone.js';
import {
  type DayMinute,
  dayMinuteAt,
  formatDayMinute,
  instantAtDayMinute,
  parseDayMinute,
} from './wall-clock.js';

/** Hours a channel's alerts are held in, on the clocks of one zone; `from` after `to` spans midnight. */
export interface QuietHours {
  from: DayMinute;
  to: DayMinute;
  timeZone: string;
}

export type QuietHoursParse =
  | { ok: true; quiet: QuietHours }
  | { ok: false; problem: 'unreadable' | 'empty' | 'unknown-zone' };

/** `22:00-08:00` in `timeZone`; the same start and end would hold nothing or everything: refused. */
export function parseQuietHours(text: string, timeZone: string): QuietHoursParse {
  const [fromText, toText, ...rest] = text.split('-');
  const from = parseDayMinute(fromText ?? '');
  const to = parseDayMinute(toText ?? '');
  if (from === undefined || to === undefined || rest.length > 0) return { ok: false, problem: 'unreadable' };
  if (from === to) return { ok: false, problem: 'empty' };
  if (!isKnownZone(timeZone)) return { ok: false, problem: 'unknown-zone' };
  return { ok: true, quiet: { from, to, timeZone } };
}

/** `22:00–08:00`. */
export const formatQuietHours = (quiet: QuietHours): string =>
  `${formatDayMinute(quiet.from)}–${formatDayMinute(quiet.to)}`;

/** Whether the channel's clocks are within its quiet hours at `instant` (the end minute is not). */
export function isQuietAt(quiet: QuietHours, instant: number): boolean {
  const minute = dayMinuteAt(instant, quiet.timeZone);
  return quiet.from < quiet.to
    ? minute >= quiet.from && minute < quiet.to
    : minute >= quiet.from || minute < quiet.to;
}

/** The first instant after `instant` at which the quiet hours end (their `to` on the zone's clocks). */
export function quietEndsAfter(quiet: QuietHours, instant: number): number {
  for (let day = 0; day <= 2; day++) {
    const end = instantAtDayMinute(instant, quiet.timeZone, quiet.to, day);
    if (end > instant) return end;
  }
  return instantAtDayMinute(instant, quiet.timeZone, quiet.to, 3);
}
