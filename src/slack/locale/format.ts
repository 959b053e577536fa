import { escapeMrkdwn, type SafeText } from '../blocks/escape.js';
import { INTL_TAG, type Locale } from './locale.js';

// Numbers, plurals, dates and relative times through Intl, in the language being written and the
// person's time zone. A time many people read (a channel post) is better a Slack date token
// (<!date^…>): each reader's client shows it in their own zone.

const plurals = new Map<Locale, Intl.PluralRules>();
const numbers = new Map<Locale, Intl.NumberFormat>();

/** The plural category of n in the language: "one", "few", "many", "other". */
function pluralCategory(locale: Locale, n: number): Intl.LDMLPluralRule {
  let rules = plurals.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_TAG[locale]);
    plurals.set(locale, rules);
  }
  return rules.select(n);
}

/** n with the word form it takes: plural('ru', 3, {one: 'день', few: 'дня', many: 'дней'}) → "3 дня". */
export function plural(
  locale: Locale,
  n: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
): SafeText {
  const form = forms[pluralCategory(locale, n)] ?? forms.other;
  return escapeMrkdwn(`${formatNumber(locale, n)} ${form}`);
}

export function formatNumber(locale: Locale, n: number): string {
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAG[locale]);
    numbers.set(locale, format);
  }
  return format.format(n);
}

/** "через 3 дня", "2 hours ago": the largest whole unit of the distance. */
export function relativeTime(locale: Locale, deltaMs: number): string {
  const format = new Intl.RelativeTimeFormat(INTL_TAG[locale], { numeric: 'auto' });
  const abs = Math.abs(deltaMs);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  for (const [unit, ms] of units) if (abs >= ms) return format.format(Math.trunc(deltaMs / ms), unit);
  return format.format(Math.trunc(deltaMs / 1000), 'second');
}

/** A date and time for one reader: in their language and time zone (`deps.locale.timeZone ?? 'UTC'`). */
export function formatDateTime(locale: Locale, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_TAG[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}
