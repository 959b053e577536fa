import fc from 'fast-check';
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
  // Russian words, and the English ones beside them. 2026-11-25 is a Wednesday.
  ['завтра в', '2026-11-25T12:00:00Z', 'Europe/Moscow', 'завтра в 10:00', { at: '2026-11-26T07:00:00Z' }],
  [
    'завтра, then the reason',
    '2026-11-25T12:00:00Z',
    'UTC',
    'Завтра 10:00 баг',
    { at: '2026-11-26T10:00:00Z', rest: ['баг'] },
  ],
  ['послезавтра', '2026-11-25T12:00:00Z', 'UTC', 'послезавтра в 09:00', { at: '2026-11-27T09:00:00Z' }],
  ['сегодня', '2026-11-25T12:00:00Z', 'UTC', 'сегодня в 18:00', { at: '2026-11-25T18:00:00Z' }],
  [
    'сегодня, gone',
    '2026-11-25T12:00:00Z',
    'UTC',
    'сегодня в 10:00',
    { refused: 'past', phrase: 'сегодня в 10:00' },
  ],
  ['через минуты', '2026-11-25T12:00:00Z', 'UTC', 'через 30 минут', { at: '2026-11-25T12:30:00Z' }],
  ['через мин', '2026-11-25T12:00:00Z', 'UTC', 'через 30 мин', { at: '2026-11-25T12:30:00Z' }],
  ['через joined мин', '2026-11-25T12:00:00Z', 'UTC', 'через 30мин', { at: '2026-11-25T12:30:00Z' }],
  ['через часа', '2026-11-25T12:00:00Z', 'UTC', 'через 2 часа', { at: '2026-11-25T14:00:00Z' }],
  ['через ч', '2026-11-25T12:00:00Z', 'UTC', 'через 2ч', { at: '2026-11-25T14:00:00Z' }],
  [
    'через дня, then the reason',
    '2026-11-25T12:00:00Z',
    'UTC',
    'через 3 дня значимое',
    { at: '2026-11-28T12:00:00Z', rest: ['значимое'] },
  ],
  ['через д', '2026-11-25T12:00:00Z', 'UTC', 'через 3д', { at: '2026-11-28T12:00:00Z' }],
  ['через неделю', '2026-11-25T12:00:00Z', 'UTC', 'через неделю', { at: '2026-12-02T12:00:00Z' }],
  ['через нед', '2026-11-25T12:00:00Z', 'UTC', 'через 1 нед', { at: '2026-12-02T12:00:00Z' }],
  ['через joined нед', '2026-11-25T12:00:00Z', 'UTC', 'через 2нед', { at: '2026-12-09T12:00:00Z' }],
  ['через час', '2026-11-25T12:00:00Z', 'UTC', 'через час', { at: '2026-11-25T13:00:00Z' }],
  ['через ч и мин', '2026-11-25T12:00:00Z', 'UTC', 'через 1 ч 30 мин', { at: '2026-11-25T13:30:00Z' }],
  ['в a clock time', '2026-11-25T12:00:00Z', 'Europe/Moscow', 'в 16:00', { at: '2026-11-25T13:00:00Z' }],
  ['в пн', '2026-11-25T12:00:00Z', 'UTC', 'в пн 09:00', { at: '2026-11-30T09:00:00Z' }],
  ['во вторник в', '2026-11-25T12:00:00Z', 'UTC', 'во вторник в 09:00', { at: '2026-12-01T09:00:00Z' }],
  ['в ср, later today', '2026-11-25T12:00:00Z', 'UTC', 'в ср 13:00', { at: '2026-11-25T13:00:00Z' }],
  ['в ср, gone today', '2026-11-25T12:00:00Z', 'UTC', 'в ср 11:00', { at: '2026-12-02T11:00:00Z' }],
  [
    'пятницу in its zone',
    '2026-11-25T12:00:00Z',
    'Europe/Moscow',
    'в пятницу 10:00',
    { at: '2026-11-27T07:00:00Z' },
  ],
  ['a weekday alone', '2026-11-25T12:00:00Z', 'UTC', 'пн 09:00', { at: '2026-11-30T09:00:00Z' }],
  ['mon', '2026-11-25T12:00:00Z', 'UTC', 'mon 09:00', { at: '2026-11-30T09:00:00Z' }],
  ['at mon', '2026-11-25T12:00:00Z', 'UTC', 'at mon 09:00', { at: '2026-11-30T09:00:00Z' }],
  [
    'on monday at',
    '2026-11-25T12:00:00Z',
    'UTC',
    'on monday at 09:00 x',
    { at: '2026-11-30T09:00:00Z', rest: ['x'] },
  ],
  ['today', '2026-11-25T12:00:00Z', 'UTC', 'today 18:00', { at: '2026-11-25T18:00:00Z' }],
  ['tomorrow at', '2026-11-25T12:00:00Z', 'UTC', 'tomorrow at 09:00', { at: '2026-11-26T09:00:00Z' }],
  ['in spelled hours', '2026-11-25T12:00:00Z', 'UTC', 'in 2 hours', { at: '2026-11-25T14:00:00Z' }],
  ['in an hour', '2026-11-25T12:00:00Z', 'UTC', 'in an hour', { at: '2026-11-25T13:00:00Z' }],
  [
    'in a week',
    '2026-11-25T12:00:00Z',
    'UTC',
    'in a week bug',
    { at: '2026-12-02T12:00:00Z', rest: ['bug'] },
  ],
  [
    'через a word',
    '2026-11-25T12:00:00Z',
    'UTC',
    'через два часа',
    { refused: 'unreadable', phrase: 'через два', rest: ['часа'] },
  ],
  [
    'завтра without a time',
    '2026-11-25T12:00:00Z',
    'UTC',
    'завтра утром',
    { refused: 'unreadable', phrase: 'завтра утром' },
  ],
  [
    'в a word',
    '2026-11-25T12:00:00Z',
    'UTC',
    'в полдень баг',
    { refused: 'unreadable', phrase: 'в полдень', rest: ['баг'] },
  ],
  [
    'a weekday without a time',
    '2026-11-25T12:00:00Z',
    'UTC',
    'в пн баг',
    { refused: 'unreadable', phrase: 'в пн баг' },
  ],
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

describe('durations in either language', () => {
  const ctx = { now: new Date('2026-11-25T12:00:00Z'), timeZone: 'Europe/Moscow' };
  // Every spelling of a unit against the joined English form it must equal.
  const SPELLINGS: Record<'m' | 'h' | 'd' | 'w', string[]> = {
    m: ['минут', 'мин', 'minutes', 'min'],
    h: ['часов', 'ч', 'hours', 'hrs'],
    d: ['дней', 'д', 'days'],
    w: ['недель', 'нед', 'weeks'],
  };
  const LIMIT = { m: 500_000, h: 8_000, d: 365, w: 52 };
  // The short Russian units are also written onto their number: `30мин`, `2ч`, `3д`, `1нед`.
  const JOINED = new Set(['мин', 'ч', 'д', 'нед']);

  it('read the same instant as the joined English duration', () => {
    const unit = fc.constantFrom('m' as const, 'h' as const, 'd' as const, 'w' as const);
    const term = unit.chain((u) =>
      fc.record({
        u: fc.constant(u),
        n: fc.integer({ min: 1, max: LIMIT[u] }),
        word: fc.constantFrom(...SPELLINGS[u]),
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom('через', 'in', 'Через'), term, fc.boolean(), (start, t, joined) => {
        const typed = joined && JOINED.has(t.word) ? [`${t.n}${t.word}`] : [`${t.n}`, t.word];
        const english = readWhen(['in', `${t.n}${t.u}`, 'bug'], ctx);
        const read = readWhen([start, ...typed, 'bug'], ctx);
        expect(read).toEqual(english);
      }),
    );
  });

  it('never throws, and a phrase ends where the reader stopped', () => {
    const words = fc.array(
      fc.oneof(
        fc.constantFrom('через', 'в', 'завтра', 'пн', 'неделю', 'час', '10:00', '3', 'дня', 'баг'),
        fc.string(),
      ),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(words, (typed) => {
        const read = readWhen(typed, ctx);
        const phrase = typed.slice(0, typed.length - read.rest.length).join(' ');
        if (read.kind === 'invalid') expect(read.phrase).toBe(phrase);
        expect(typed.slice(typed.length - read.rest.length)).toEqual(read.rest);
      }),
    );
  });
});
