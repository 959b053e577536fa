import { describe, expect, it } from 'vitest';
import { formatWhen, MAX_AHEAD_MS, type ReadWhen, readWhen } from './when.js';

// Each row: the clock, the person's zone, what they typed after the experiment id, and what is read.
// Expected instants are written in UTC so a row checks the zone arithmetic, not restates it.
type Expect =
  | { at: string; rest?: string[]; shown?: string }
  | { refused: 'unreadable' | 'past' | 'too-far' | 'unknown-zone'; phrase: string; rest?: string[] }
  | { none: true };

const ROWS: [label: string, now: string, zone: string, typed: string, expected: Expect][] = [
  [
    'wall time in Moscow',
    '2026-11-25T12:00:00Z',
    'Europe/Moscow',
    'at 2026-12-01 10:00',
    { at: '2026-12-01T07:00:00Z', shown: '2026-12-01 10:00 (Europe/Moscow)' },
  ],
  [
    'ISO without zone is wall time',
    '2026-11-25T12:00:00Z',
    'Europe/Amsterdam',
    'at 2026-12-01T10:00',
    { at: '2026-12-01T09:00:00Z', shown: '2026-12-01 10:00 (Europe/Amsterdam)' },
  ],
  [
    'ISO in UTC ignores the zone',
    '2026-11-25T12:00:00Z',
    'Europe/Moscow',
    'at 2026-12-01T10:00Z',
    { at: '2026-12-01T10:00:00Z' },
  ],
  [
    'ISO with an offset',
    '2026-11-25T12:00:00Z',
    'America/New_York',
    'at 2026-12-01T10:00+03:00',
    { at: '2026-12-01T07:00:00Z' },
  ],
  [
    'ISO with a negative offset and seconds',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at 2026-12-01T10:00:30-0530',
    { at: '2026-12-01T15:30:30Z' },
  ],
  [
    'half-hour zone',
    '2026-11-25T12:00:00Z',
    'Asia/Kolkata',
    'at 2026-12-01 10:00',
    { at: '2026-12-01T04:30:00Z', shown: '2026-12-01 10:00 (Asia/Kolkata)' },
  ],
  [
    'UTC',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at 2026-12-01 10:00 bug planned-end',
    { at: '2026-12-01T10:00:00Z', rest: ['bug', 'planned-end'] },
  ],
  [
    'New York before the March change (EST)',
    '2026-03-01T12:00:00Z',
    'America/New_York',
    'at 2026-03-07 10:00',
    { at: '2026-03-07T15:00:00Z' },
  ],
  [
    'New York after the March change (EDT)',
    '2026-03-01T12:00:00Z',
    'America/New_York',
    'at 2026-03-09 10:00',
    { at: '2026-03-09T14:00:00Z' },
  ],
  [
    'a skipped wall time moves forward by the gap',
    '2026-03-01T12:00:00Z',
    'America/New_York',
    'at 2026-03-08 02:30',
    { at: '2026-03-08T07:30:00Z', shown: '2026-03-08 03:30 (America/New_York)' },
  ],
  [
    'the first wall time after the jump',
    '2026-03-01T12:00:00Z',
    'America/New_York',
    'at 2026-03-08 03:00',
    { at: '2026-03-08T07:00:00Z' },
  ],
  [
    'an ambiguous wall time takes the earlier instant (EDT)',
    '2026-10-25T12:00:00Z',
    'America/New_York',
    'at 2026-11-01 01:30',
    { at: '2026-11-01T05:30:00Z' },
  ],
  [
    'after the November change (EST)',
    '2026-10-25T12:00:00Z',
    'America/New_York',
    'at 2026-11-01 02:30',
    { at: '2026-11-01T07:30:00Z' },
  ],
  [
    'tomorrow across the November change',
    '2026-10-31T16:00:00Z',
    'America/New_York',
    'tomorrow 09:00',
    { at: '2026-11-01T14:00:00Z' },
  ],
  [
    'tomorrow in Moscow, late in the UTC day',
    '2026-11-25T22:30:00Z',
    'Europe/Moscow',
    'tomorrow 09:00 now',
    { at: '2026-11-27T06:00:00Z', rest: ['now'] },
  ],
  [
    'at tomorrow',
    '2026-11-25T12:00:00Z',
    'Asia/Kolkata',
    'at tomorrow 09:00',
    { at: '2026-11-26T03:30:00Z' },
  ],
  [
    'at a clock time later today',
    '2026-11-25T12:00:00Z',
    'Europe/Moscow',
    'at 16:00',
    { at: '2026-11-25T13:00:00Z' },
  ],
  [
    'at a clock time already gone today',
    '2026-11-25T12:00:00Z',
    'Europe/Moscow',
    'at 10:00',
    { refused: 'past', phrase: 'at 10:00' },
  ],
  ['in hours', '2026-11-25T12:00:00Z', 'UTC', 'in 2h', { at: '2026-11-25T14:00:00Z' }],
  ['in minutes', '2026-11-25T12:00:00Z', 'UTC', 'in 90m', { at: '2026-11-25T13:30:00Z' }],
  [
    'in days, then the reason',
    '2026-11-25T12:00:00Z',
    'UTC',
    'in 3d bug planned-end',
    { at: '2026-11-28T12:00:00Z', rest: ['bug', 'planned-end'] },
  ],
  ['in weeks', '2026-11-25T12:00:00Z', 'UTC', 'in 1w', { at: '2026-12-02T12:00:00Z' }],
  ['in hours and minutes', '2026-11-25T12:00:00Z', 'UTC', 'in 2h30m', { at: '2026-11-25T14:30:00Z' }],
  ['in two duration words', '2026-11-25T12:00:00Z', 'UTC', 'IN 1d 2H', { at: '2026-11-26T14:00:00Z' }],
  ['in nothing', '2026-11-25T12:00:00Z', 'UTC', 'in 0m', { refused: 'past', phrase: 'in 0m' }],
  [
    'a past date',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at 2026-11-25 11:59',
    { refused: 'past', phrase: 'at 2026-11-25 11:59' },
  ],
  [
    'now exactly is past',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at 2026-11-25T12:00Z',
    { refused: 'past', phrase: 'at 2026-11-25T12:00Z' },
  ],
  ['a year ahead is allowed', '2026-11-25T12:00:00Z', 'UTC', 'in 365d', { at: '2027-11-25T12:00:00Z' }],
  [
    'more than a year ahead',
    '2026-11-25T12:00:00Z',
    'UTC',
    'in 365d1m',
    { refused: 'too-far', phrase: 'in 365d1m' },
  ],
  [
    'a date years ahead',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at 2030-01-01 10:00 x',
    { refused: 'too-far', phrase: 'at 2030-01-01 10:00', rest: ['x'] },
  ],
  [
    'no such day',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at 2026-02-30 10:00 x',
    { refused: 'unreadable', phrase: 'at 2026-02-30 10:00', rest: ['x'] },
  ],
  ['no such hour', '2026-11-25T12:00:00Z', 'UTC', 'at 24:00', { refused: 'unreadable', phrase: 'at 24:00' }],
  [
    'a date without a time',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at 2026-12-01',
    { refused: 'unreadable', phrase: 'at 2026-12-01' },
  ],
  [
    'at a word',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at noon bug',
    { refused: 'unreadable', phrase: 'at noon', rest: ['bug'] },
  ],
  ['at alone', '2026-11-25T12:00:00Z', 'UTC', 'at', { refused: 'unreadable', phrase: 'at' }],
  [
    'in a word',
    '2026-11-25T12:00:00Z',
    'UTC',
    'in two hours',
    { refused: 'unreadable', phrase: 'in two', rest: ['hours'] },
  ],
  ['an unknown unit', '2026-11-25T12:00:00Z', 'UTC', 'in 2y', { refused: 'unreadable', phrase: 'in 2y' }],
  [
    'tomorrow without a time',
    '2026-11-25T12:00:00Z',
    'UTC',
    'tomorrow bug',
    { refused: 'unreadable', phrase: 'tomorrow bug' },
  ],
  [
    'an offset out of range',
    '2026-11-25T12:00:00Z',
    'UTC',
    'at 2026-12-01T10:00+15:00',
    { refused: 'unreadable', phrase: 'at 2026-12-01T10:00+15:00' },
  ],
  [
    'an unknown zone',
    '2026-11-25T12:00:00Z',
    'Mars/Olympus',
    'at 2026-12-01 10:00 x',
    { refused: 'unknown-zone', phrase: 'at 2026-12-01 10:00', rest: ['x'] },
  ],
  [
    'an unknown zone, relative time',
    '2026-11-25T12:00:00Z',
    'Mars/Olympus',
    'in 2h',
    { refused: 'unknown-zone', phrase: 'in 2h' },
  ],
  ['no zone', '2026-11-25T12:00:00Z', '', 'in 2h', { refused: 'unknown-zone', phrase: 'in 2h' }],
  ['no time phrase', '2026-11-25T12:00:00Z', 'UTC', 'bug planned-end', { none: true }],
  ['nothing typed', '2026-11-25T12:00:00Z', 'UTC', '', { none: true }],
  ['an object key is not a phrase', '2026-11-25T12:00:00Z', 'UTC', '__proto__ 10:00', { none: true }],
  ['nor is constructor', '2026-11-25T12:00:00Z', 'UTC', 'constructor', { none: true }],
];

function expected(e: Expect, words: string[]): ReadWhen {
  if ('none' in e) return { kind: 'none', rest: words };
  if ('refused' in e) return { kind: 'invalid', reason: e.refused, phrase: e.phrase, rest: e.rest ?? [] };
  return { kind: 'ok', at: new Date(e.at), rest: e.rest ?? [] };
}

describe('readWhen', () => {
  it.each(ROWS)('%s', (_label, now, timeZone, typed, e) => {
    const words = typed === '' ? [] : typed.split(' ');
    const read = readWhen(words, { now: new Date(now), timeZone });
    expect(read).toEqual(expected(e, words));
    if (read.kind === 'ok' && 'shown' in e && e.shown) expect(formatWhen(read.at, timeZone)).toBe(e.shown);
  });

  it('allows one year ahead', () => {
    expect(MAX_AHEAD_MS).toBe(365 * 24 * 60 * 60 * 1000);
  });
});

describe('formatWhen', () => {
  it('shows the wall time with its zone, and an unknown zone as UTC', () => {
    const at = new Date('2026-07-01T08:05:00Z');
    expect(formatWhen(at, 'Europe/Amsterdam')).toBe('2026-07-01 10:05 (Europe/Amsterdam)');
    expect(formatWhen(at, 'America/New_York')).toBe('2026-07-01 04:05 (America/New_York)');
    expect(formatWhen(at, 'Mars/Olympus')).toBe('2026-07-01 08:05 (UTC)');
  });
});
