import type { webApi } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';
import type { SlackMessage } from '../blocks/message.js';
import type { LifecycleSurface } from '../lifecycle/surface.js';

/**
 * Where a scheduled action's outcome goes when nobody is at the keyboard: results into the channel
 * it was scheduled from (the thread poster puts them in the experiment's thread); what would have
 * been said to the person alone is said in the channel and to the person directly, as both need to
 * know it did not happen.
 */
export function scheduledSurface(input: {
  client: webApi.WebClient;
  channelId: string;
  userId: string;
  logger: Logger;
}): LifecycleSurface {
  const { client, channelId, userId, logger } = input;
  return {
    client,
    channelId,
    tell: (m) => tellBoth(client, { channelId, userId }, m, logger),
    settled: async () => {},
    awayFromCard: true,
  };
}

/** Into the channel and to the person (a DM); each failure logged, the other still tried. */
export async function tellBoth(
  client: Pick<webApi.WebClient, 'chat'>,
  to: { channelId: string; userId: string },
  message: SlackMessage,
  logger: Logger,
): Promise<void> {
  const results = await Promise.allSettled([
    client.chat.postMessage({ channel: to.channelId, ...message }),
    client.chat.postMessage({ channel: to.userId, ...message }),
  ]);
  for (const result of results)
    if (result.status === 'rejected')
      logger.warn('a scheduled action could not be reported', { error: result.reason });
}
