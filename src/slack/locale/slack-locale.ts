import type { webApi } from '@slack/bolt';
import type { WorkspaceRef } from '../../core/workspace.js';
import { type Locale, localeOfSlack } from './locale.js';

/**
 * What Slack knows of a person's language and time zone (users.info with include_locale). Asked
 * only when nobody chose a language in the app, bounded (it runs before the ack) and remembered by
 * the access check's directory, so a burst of clicks costs one look-up and a slow Slack costs
 * English, not a late answer.
 */
export interface SlackLocales {
  of(client: UsersInfoClient, workspace: WorkspaceRef, userId: string): Promise<SlackPerson>;
}

interface SlackPerson {
  locale?: Locale | undefined;
  timeZone?: string | undefined;
}

export type UsersInfoClient = Pick<webApi.WebClient, 'users'>;

/** The access check's own users.info look-up (remembered there), so a person costs Slack one call. */
export type PersonLookUp = (
  client: UsersInfoClient,
  workspace: WorkspaceRef,
  userId: string,
  budgetMs: number,
) => Promise<{ locale?: string | undefined; timeZone?: string | undefined } | undefined>;

const SLACK_LOCALE_BUDGET_MS = 500;

export function createSlackLocales(options: { lookUp: PersonLookUp; budgetMs?: number }): SlackLocales {
  const budgetMs = options.budgetMs ?? SLACK_LOCALE_BUDGET_MS;
  return {
    async of(client, workspace, userId) {
      const person = await options.lookUp(client, workspace, userId, budgetMs);
      if (person === undefined) return {};
      return { locale: localeOfSlack(person.locale), timeZone: person.timeZone };
    },
  };
}
