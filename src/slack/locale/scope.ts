import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, type Locale } from './locale.js';

// Which language the current request speaks, kept as an implicit context (AsyncLocalStorage)
// rather than passed along. Every feature already reads its texts as `deps.messages.x` (about 75
// call sites across a dozen features); passing a catalogue chosen per request through each of
// them would touch every feature at once, and every helper editing those features at the same
// time. So the request's languages are set once where it enters (the listener registry's dispatch,
// the job handlers), and `deps.messages` resolves to the catalogue of the current scope
// (messages/localized.ts). What is posted to a channel is read by many people: it is built inside
// `inWorkspaceLocale(...)`, so it speaks the workspace's language, not the clicker's.

/** Where the language a person sees comes from, strongest first. */
export type LanguageSource = 'person' | 'workspace' | 'slack' | 'default';

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

const storage = new AsyncLocalStorage<LocaleScope>();

const OUTSIDE: LocaleScope = { person: DEFAULT_LOCALE, workspace: DEFAULT_LOCALE };

export function withLocaleScope<T>(scope: LocaleScope, run: () => T): T {
  return storage.run(scope, run);
}

export function localeScope(): LocaleScope {
  return storage.getStore() ?? OUTSIDE;
}

/** The language texts built now are in: the person's, or what `inLocale` chose. */
export function currentLocale(): Locale {
  return localeScope().person;
}

/** The workspace's default language in this scope (English outside any request). */
function workspaceLocale(): Locale {
  return localeScope().workspace;
}

/** Builds texts in one language (the rest of the scope kept). */
export function inLocale<T>(locale: Locale, run: () => T): T {
  const scope = localeScope();
  return scope.person === locale ? run() : storage.run({ ...scope, person: locale }, run);
}

/** Builds what is posted to a channel: in the workspace's language, whoever asked. */
export function inWorkspaceLocale<T>(run: () => T): T {
  return inLocale(workspaceLocale(), run);
}
