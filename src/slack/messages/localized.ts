import type { Locale } from '../locale/locale.js';
import { en } from './en.js';
import { ru } from './ru.js';
import type { Messages } from './types.js';

/** Every language's catalogue. */
const CATALOGUES: Readonly<Record<Locale, Messages>> = { en, ru };

/** The catalogue of one language (what `deps.messages` is for a request: locale/scope.ts). */
export function catalogueOf(locale: Locale): Messages {
  return CATALOGUES[locale];
}
