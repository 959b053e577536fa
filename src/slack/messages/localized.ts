import type { Locale } from '../locale/locale.js';
import { currentLocale } from '../locale/scope.js';
import { en } from './en.js';
import { ru } from './ru.js';
import type { Messages } from './types.js';

/** Every language's catalogue. */
const CATALOGUES: Readonly<Record<Locale, Messages>> = { en, ru };

/**
 * What the app gives its features as `deps.messages`: each property is read from the catalogue of
 * the current scope's language (locale/scope.ts), so `deps.messages.errors.timeout` read while
 * answering a Russian speaker is Russian, and English outside any request.
 */
export function localizedMessages(): Messages {
  return new Proxy(en, {
    get: (_target, key) => Reflect.get(CATALOGUES[currentLocale()], key),
  });
}
