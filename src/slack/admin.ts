import type { webApi } from '@slack/bolt';
import type { Logger } from '../observability/logger.js';

export type AdminCheck =
  | { allowed: true; via: 'setting' | 'slack-role' }
  | { allowed: false; reason: string };

/**
 * Connection management is for workspace admins and owners (users.info flags) or the users named in
 * ADMIN_USER_IDS. A users.info failure denies: better a refused admin than a stranger with a token.
 */
export async function checkAdmin(
  client: webApi.WebClient,
  userId: string,
  adminUserIds: readonly string[],
  logger: Logger,
): Promise<AdminCheck> {
  if (adminUserIds.includes(userId)) return { allowed: true, via: 'setting' };
  try {
    const result = await client.users.info({ user: userId });
    const user = result.user;
    if (user && (user.is_admin || user.is_owner || user.is_primary_owner)) {
      return { allowed: true, via: 'slack-role' };
    }
    return { allowed: false, reason: 'not-admin' };
  } catch (error) {
    logger.warn('users.info failed during the admin check', { error, userId });
    return { allowed: false, reason: 'lookup-failed' };
  }
}
