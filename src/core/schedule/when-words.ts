// The words a time phrase is made of, in English and in Russian, as data: the readers in when.ts
// look words up here, so a language's words are added in one place.

/** Words that start a phrase read as "at this time": `at 10:00`, `в 10:00`, `во вт 09:00`, `on mon 09:00`. */
export const AT_WORDS: ReadonlySet<string> = new Set(['at', 'on', 'в', 'во']);

/** Words that start a duration: `in 2h`, `через 2 часа`. */
export const IN_WORDS: ReadonlySet<string> = new Set(['in', 'через']);

/** Days counted from today in the person's zone. */
export const DAY_WORDS: ReadonlyMap<string, number> = new Map([
  ['today', 0],
  ['tomorrow', 1],
  ['сегодня', 0],
  ['завтра', 1],
  ['послезавтра', 2],
]);

// Sunday first, as Date#getUTCDay counts; each line the spellings people type after `at`/`в`.
const WEEKDAY_NAMES = [
  'sun sunday вс воскресенье',
  'mon monday пн понедельник',
  'tue tues tuesday вт вторник',
  'wed wednesday ср среда среду',
  'thu thur thurs thursday чт четверг',
  'fri friday пт пятница пятницу',
  'sat saturday сб суббота субботу',
];

export const WEEKDAYS: ReadonlyMap<string, number> = new Map(
  WEEKDAY_NAMES.flatMap((names, day) => names.split(' ').map((name) => [name, day] as const)),
);

export type Unit = 'm' | 'h' | 'd' | 'w';

// Unit words written apart from their number (`2 hours`, `3 дня`, `30 мин`), every case a number
// takes in Russian.
const UNIT_NAMES: Record<Unit, string> = {
  m: 'm min mins minute minutes мин минута минуту минуты минут',
  h: 'h hr hrs hour hours ч час часа часов',
  d: 'd day days д день дня дней сутки суток',
  w: 'w wk wks week weeks нед неделя неделю недели недель',
};

export const UNIT_WORDS: ReadonlyMap<string, Unit> = new Map(
  (Object.entries(UNIT_NAMES) as [Unit, string][]).flatMap(([unit, names]) =>
    names.split(' ').map((name) => [name, unit] as const),
  ),
);

/** Unit words that mean one of them alone: `через неделю`, `через час`. */
export const LONE_UNITS: ReadonlySet<string> = new Set(['минуту', 'час', 'день', 'сутки', 'неделю']);

/** Words for "one" before a unit: `in a week`, `in an hour`. */
export const ONE_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'one']);

/** Units written onto their number: `2h30m`, `3д`, `30мин`, `1нед`; the longer spellings first. */
export const JOINED_UNIT = /(\d{1,6})(нед|мин|ч|д|w|d|h|m)/gu;
export const JOINED_DURATION = /^(?:\d{1,6}(?:нед|мин|ч|д|w|d|h|m))+$/u;
export const JOINED_UNITS: Readonly<Record<string, Unit>> = {
  нед: 'w',
  мин: 'm',
  ч: 'h',
  д: 'd',
  w: 'w',
  d: 'd',
  h: 'h',
  m: 'm',
};
