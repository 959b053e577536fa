/** The languages the app speaks. A new one needs its catalogue (src/slack/messages/) and nothing else. */
const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A Slack locale (users.info `locale`: "ru-RU", "en-GB", …) as one of ours, when it is one. */
export function localeOfSlack(tag: string | undefined): Locale | undefined {
  const language = tag?.split(/[-_]/)[0]?.toLowerCase();
  return isLocale(language) ? language : undefined;
}

/** The BCP 47 tag Intl formats with. */
export const INTL_TAG: Readonly<Record<Locale, string>> = { en: 'en-US', ru: 'ru-RU' };

/** Where the language a person sees comes from, strongest first. */
export type LanguageSource = 'person' | 'workspace' | 'slack' | 'default';
