import type { webApi } from '@slack/bolt';

/** What scheduling needs to know of a person beyond access: their time zone, whether they left. */
export interface SlackPerson {
  /** IANA zone from users.info `tz`; UTC when Slack gives none. */
  timeZone: string;
  /** Deactivated (left the workspace). */
  deleted: boolean;
}

/** users.info; undefined when Slack cannot say (refused rather than guessed). */
export async function personOf(
  client: Pick<webApi.WebClient, 'users'>,
  userId: string,
): Promise<SlackPerson | undefined> {
  try {
    const result = await client.users.info({ user: userId });
    const user = result.user as { tz?: string; deleted?: boolean } | undefined;
    if (!user) return undefined;
    return { timeZone: user.tz || 'UTC', deleted: user.deleted === true };
  } catch (error) {
    // user_not_found: the account is gone altogether, which is leaving for what runs later.
    if ((error as { data?: { error?: string } }).data?.error === 'user_not_found')
      return { timeZone: 'UTC', deleted: true };
    return undefined;
  }
}
