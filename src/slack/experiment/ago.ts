import type { SafeText } from '../blocks/escape.js';
import { formatUtc } from '../blocks/escape.js';
import { localizedMessages } from '../messages/localized.js';

/**
 * "3 minutes ago" as a Slack date token: Slack renders it relative to each reader's clock, so a
 * message posted hours ago still tells the truth; the fallback is the UTC time.
 */
export function slackAgo(date: Date): SafeText {
  const time = date.getTime();
  // Read from the current scope's catalogue (as deps.messages is): a dozen callers need no messages.
  if (!Number.isFinite(time)) return localizedMessages().experimentCard.unknownTime;
  return `<!date^${Math.floor(time / 1000)}^{ago}|${formatUtc(date)}>` as SafeText;
}
