import type { webApi } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';

export type AdminCheck =
  | { allowed: true; via: 'setting' | 'slack-role' }
  | { allowed: false; reason: 'not-admin' | 'lookup-failed' };

/**
 * The check runs before the ack (a refusal is the ack itself), so users.info gets a bound that
 * leaves the rest of Slack's 3 s window to the listener, including a modal's trigger.
 */
export const ADMIN_CHECK_BUDGET_MS = 1_500;

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
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ADMIN_CHECK_BUDGET_MS);
  });
  try {
    const result = await Promise.race([client.users.info({ user: userId }), late]);
    if (result === 'late') {
      logger.warn('users.info did not answer in time during the admin check', { userId });
      return { allowed: false, reason: 'lookup-failed' };
    }
    const user = result.user;
    if (user && (user.is_admin || user.is_owner || user.is_primary_owner)) {
      return { allowed: true, via: 'slack-role' };
    }
    return { allowed: false, reason: 'not-admin' };
  } catch (error) {
    logger.warn('users.info failed during the admin check', { error, userId });
    return { allowed: false, reason: 'lookup-failed' };
  } finally {
    clearTimeout(timer);
  }
}
