import type { SafeText } from '../blocks/escape.js';
import { formatUtc } from '../blocks/escape.js';
import type { Messages } from '../messages/types.js';

/**
 * "3 minutes ago" as a Slack date token: Slack renders it relative to each reader's clock, so a
 * message posted hours ago still tells the truth; the fallback is the UTC time.
 */
export function slackAgo(date: Date, messages: Messages): SafeText {
  const time = date.getTime();
  if (!Number.isFinite(time)) return messages.experimentCard.unknownTime;
  return `<!date^${Math.floor(time / 1000)}^{ago}|${formatUtc(date)}>` as SafeText;
}
