import { catalogueOf } from '../messages/localized.js';
import type { Messages } from '../messages/types.js';
import { DEFAULT_LOCALE, type LanguageSource, type Locale } from './locale.js';

// Which language a request speaks travels with its dependencies: where a request enters (the
// listener registry's dispatch, a job, a sweep), the app's deps are copied with the catalogue of
// its person's language as `messages` and its languages as `locale` (`speaking`), and every
// feature reads its texts as `deps.messages.x` from the deps it was given. What is posted to a
// channel is read by many people: it is built from `inWorkspaceLanguage(deps)`, in the workspace's
// language, not the clicker's. Passed, not kept in an AsyncLocalStorage: once entered, the storage's
// promise hooks run for every promise of every request.

export interface LocaleScope {
  /** The person's language: ephemeral replies, DMs, modals, App Home. */
  person: Locale;
  /** The workspace's default: what is posted to a channel. */
  workspace: Locale;
  /** Where the person's language comes from (`/exp whoami` says). */
  source?: LanguageSource | undefined;
  /** The person's IANA time zone when Slack said it (users.info `tz`). */
  timeZone?: string | undefined;
}

/** Outside any request (start-up, a sweep with no destination): English. */
export const DEFAULT_SCOPE: LocaleScope = { person: DEFAULT_LOCALE, workspace: DEFAULT_LOCALE };

/** What speaks a language (a request's, a job's, a sweep's): the texts' catalogue and the languages it was chosen from. */
export interface Speaking {
  /** The catalogue of the person's language: English outside any request. */
  messages: Messages;
  /** The languages `messages` was chosen from (`speaking`). */
  locale: LocaleScope;
}

/** `deps` speaking a request's languages: its person's catalogue as `messages`. */
export function speaking<D extends Speaking>(deps: D, scope: LocaleScope): D {
  return { ...deps, messages: catalogueOf(scope.person), locale: scope };
}

/** `deps` writing in one language (the rest of its scope kept). */
export function inLanguage<D extends Speaking>(deps: D, locale: Locale): D {
  return deps.locale.person === locale ? deps : speaking(deps, { ...deps.locale, person: locale });
}

/** `deps` for what is posted to a channel: the workspace's language, whoever asked. */
export function inWorkspaceLanguage<D extends Speaking>(deps: D): D {
  return inLanguage(deps, deps.locale.workspace);
}

/** The catalogue of what is posted to a channel: the workspace's language, whoever asked. */
export function workspaceMessages(deps: Speaking): Messages {
  return catalogueOf(deps.locale.workspace);
}
