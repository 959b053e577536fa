import { instantOfWallTime, type WallTime, wallAsUtc, wallTimeAt } from '../schedule/when-zone.js';

/** A time of day, `HH:MM` on a 24-hour clock, as minutes since midnight. */
export type DayMinute = number;

const HH_MM = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `9:00`, `09:00`, `22:30`; undefined for anything else. */
export function parseDayMinute(text: string): DayMinute | undefined {
  const m = HH_MM.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** `09:00`. */
export function formatDayMinute(minute: DayMinute): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(minute / 60))}:${two(minute % 60)}`;
}

/** The minute of the day the zone's clocks show at `instant`. */
export function dayMinuteAt(instant: number, timeZone: string): DayMinute {
  const wall = wallTimeAt(instant, timeZone);
  return wall.hour * 60 + wall.minute;
}

/** The weekday (0 Sunday … 6 Saturday) of the zone's calendar at `instant`. */
export function weekdayAt(instant: number, timeZone: string): number {
  return new Date(wallAsUtc(wallTimeAt(instant, timeZone))).getUTCDay();
}

/** The instant the zone's clocks show `minute` on the calendar day `daysFromToday` from `instant`'s. */
export function instantAtDayMinute(
  instant: number,
  timeZone: string,
  minute: DayMinute,
  daysFromToday = 0,
): number {
  const today = new Date(wallAsUtc(wallTimeAt(instant, timeZone)) + daysFromToday * DAY_MS);
  const wall: WallTime = {
    year: today.getUTCFullYear(),
    month: today.getUTCMonth() + 1,
    day: today.getUTCDate(),
    hour: Math.floor(minute / 60),
    minute: minute % 60,
    second: 0,
  };
  return instantOfWallTime(wall, timeZone);
}
