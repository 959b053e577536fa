// Wall times in an IANA zone, with Intl only: the offset of a zone at an instant is read back from
// Intl.DateTimeFormat, so DST rules come from the ICU data Node ships.

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** undefined for a zone Intl does not know. */
function formatterFor(timeZone: string): Intl.DateTimeFormat | undefined {
  const known = formatters.get(timeZone);
  if (known) return known;
  try {
    const created = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, created);
    return created;
  } catch {
    return undefined;
  }
}

export function isKnownZone(timeZone: string): boolean {
  return timeZone.length > 0 && formatterFor(timeZone) !== undefined;
}

/** The wall time in `timeZone` at `instant` (the zone must be known). */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const formatter = formatterFor(timeZone);
  if (!formatter) throw new RangeError(`unknown time zone: ${timeZone}`);
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** The wall time read as if it were UTC: the arithmetic base for offsets and calendar days. */
export function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The zone's offset from UTC at `instant`, in ms (east positive). */
function offsetAt(instant: number, timeZone: string): number {
  // Whole seconds: the formatter does not show milliseconds.
  const whole = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(wallTimeAt(whole, timeZone)) - whole;
}

/**
 * The instant at which the zone's clocks show `wall`. Offsets are taken a day either side, so any
 * one transition near the wall time is seen (zones do not change offset twice within two days).
 * - A wall time skipped by a change forward (02:30 on a spring-forward night) does not exist: it
 *   moves forward by the gap (03:30 where the clocks jumped an hour), as a person who set an alarm
 *   for it would expect it to ring at the first moment after the jump.
 * - A wall time shown twice by a change back (01:30 on a fall-back night) takes the earlier
 *   instant: an action set for it then runs at the first time the clocks show it, never an hour
 *   later than the person may have meant.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const base = wallAsUtc(wall);
  const day = 24 * 60 * 60 * 1000;
  const before = offsetAt(base - day, timeZone);
  const after = offsetAt(base + day, timeZone);
  const valid = [base - before, base - after].filter((t) => offsetAt(t, timeZone) === base - t);
  if (valid.length > 0) return Math.min(...valid);
  // In the gap: the offset before the change puts the instant just after it, by the gap's length.
  return base - before;
}

/** `2026-12-01 10:00`, the wall time in the zone. */
export function formatWallTime(instant: number, timeZone: string): string {
  const w = wallTimeAt(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
}
