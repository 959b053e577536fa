import type { WorkspaceRef } from '../../core/workspace.js';
import type { Logger } from '../../observability/logger.js';
import type { ChosenLanguages, LanguageStore } from './language-store.js';
import { DEFAULT_LOCALE, type Locale } from './locale.js';
import { DEFAULT_SCOPE, type LocaleScope } from './scope.js';
import type { SlackLocales, UsersInfoClient } from './slack-locale.js';

/** The store is read before the listener runs (before the ack): a slow store costs English, not 3 s. */
const LANGUAGE_LOOKUP_BUDGET_MS = 300;

/** Who is asking, from where: read off any request body Slack sends. */
export interface Asker {
  workspace: WorkspaceRef;
  userId?: string | undefined;
}

/** The choices of one asker, read ahead of the request's listeners (LocaleResolver.readAhead). */
interface ChoicesRead {
  asker: string;
  chosen: Promise<ChosenLanguages>;
  /** Set once `chosen` has resolved: by the time the listeners run it nearly always has. */
  settled?: { value: ChosenLanguages } | undefined;
}

export interface LocaleResolver {
  /** `ahead`: the asker's choices already being read (readAhead), used instead of reading them again. */
  scopeOf(asker: Asker, client: UsersInfoClient | undefined, ahead?: ChoicesRead): Promise<LocaleScope>;
  /**
   * Starts reading a request's language choices before its listeners run: the receiver does it while
   * the request's replay claim is made, so both reads share a round trip on Redis. A read nobody
   * uses (a replay) is dropped: its failure is seen by whoever uses it, and is never an unhandled
   * rejection.
   */
  readAhead(asker: Asker): ChoicesRead;
}

const askerKey = (asker: Asker): string =>
  `${asker.workspace.enterpriseId ?? ''}:${asker.workspace.teamId}:${asker.userId ?? ''}`;

/**
 * A person's language: their own choice, else the workspace's default, else their Slack locale
 * when it is one the app speaks, else English. What is posted to a channel: the workspace's
 * default, else English.
 */
export function createLocaleResolver(input: {
  languages: LanguageStore;
  slackLocales: SlackLocales;
  logger: Logger;
  budgetMs?: number;
}): LocaleResolver {
  const budgetMs = input.budgetMs ?? LANGUAGE_LOOKUP_BUDGET_MS;
  return {
    readAhead(asker) {
      const chosen = input.languages.chosen(asker.workspace, asker.userId);
      const read: ChoicesRead = { asker: askerKey(asker), chosen };
      chosen.then(
        (value) => {
          read.settled = { value };
        },
        () => undefined,
      );
      return read;
    },
    async scopeOf(asker, client, ahead) {
      const mine = ahead?.asker === askerKey(asker) ? ahead : undefined;
      // A read already done needs no budget: no timer and no race (a few promises of every request).
      const chosen = mine?.settled
        ? mine.settled.value
        : await bounded(
            mine?.chosen ?? input.languages.chosen(asker.workspace, asker.userId),
            budgetMs,
          ).catch((error: unknown) => {
            input.logger.warn('could not read the language choices; speaking English', { error });
            return undefined;
          });
      const workspace = chosen?.workspace ?? DEFAULT_LOCALE;
      if (chosen?.person) return { person: chosen.person, workspace, source: 'person' };
      if (chosen?.workspace) return { person: workspace, workspace, source: 'workspace' };
      if (client === undefined || asker.userId === undefined)
        return { person: workspace, workspace, source: 'default' };
      const slack = await input.slackLocales.of(client, asker.workspace, asker.userId);
      return slack.locale
        ? { person: slack.locale, workspace, source: 'slack', timeZone: slack.timeZone }
        : { person: workspace, workspace, source: 'default', timeZone: slack.timeZone };
    },
  };
}

async function bounded<T>(call: Promise<T>, budgetMs: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), budgetMs);
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Who sent a request, from the body of any surface (command, action, view, options, event). */
export function askerOf(body: Record<string, unknown>): Asker | undefined {
  const user = record(body.user);
  const event = record(body.event);
  const teamId = str(body.team_id) ?? str(record(body.team)?.id) ?? str(user?.team_id) ?? str(event?.team);
  if (teamId === undefined) return undefined;
  const enterpriseId = str(body.enterprise_id) ?? str(record(body.enterprise)?.id);
  const userId = str(body.user_id) ?? str(user?.id) ?? str(event?.user) ?? str(body.user);
  return { workspace: { teamId, enterpriseId }, userId };
}

/**
 * Where the receiver leaves a request's choices read ahead: a key of the request's context (Bolt
 * copies a receiver event's customProperties into it), not one of Bolt's own.
 */
const CHOICES_READ_AHEAD = 'expLanguageChoices';

/** What the receiver hands Bolt with a signed request: its choices, already being read. */
export function readChoicesAhead(
  resolver: LocaleResolver,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const asker = askerOf(body);
  return asker === undefined ? {} : { [CHOICES_READ_AHEAD]: resolver.readAhead(asker) };
}

/**
 * The person's language as far as the choices read ahead for a request say, once they are in: for
 * what the receiver answers before any listener has the request's languages (a listener that failed
 * before its ack). No Slack look-up there: a person who chose nothing reads the workspace's default,
 * else English.
 */
export function languageReadAhead(readAhead: Record<string, unknown>): Locale {
  const chosen = (readAhead[CHOICES_READ_AHEAD] as ChoicesRead | undefined)?.settled?.value;
  return chosen?.person ?? chosen?.workspace ?? DEFAULT_LOCALE;
}

/**
 * As languageReadAhead, once the choices are in or the lookup budget is spent: for what the
 * receiver answers as soon as the request's replay claim has failed, which can come back before
 * the choices read with it.
 */
export async function languageOnceReadAhead(
  readAhead: Record<string, unknown>,
  budgetMs = LANGUAGE_LOOKUP_BUDGET_MS,
): Promise<Locale> {
  const read = readAhead[CHOICES_READ_AHEAD] as ChoicesRead | undefined;
  if (read && !read.settled) await bounded(read.chosen, budgetMs).catch(() => undefined);
  return languageReadAhead(readAhead);
}

/** A request's languages (its listeners speak them: locale/scope.ts); English when nobody asked. */
export function requestScope(
  resolver: LocaleResolver,
  request: { body: Record<string, unknown>; context?: Record<string, unknown> | undefined },
  client: UsersInfoClient | undefined,
): LocaleScope | Promise<LocaleScope> {
  const asker = askerOf(request.body);
  if (asker === undefined) return DEFAULT_SCOPE;
  const ahead = request.context?.[CHOICES_READ_AHEAD] as ChoicesRead | undefined;
  return resolver.scopeOf(asker, client, ahead);
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
