import { DEFAULT_ALERT_WINDOW_MS } from '../../core/alerts/channel-alerts.js';
import { formatQuietHours } from '../../core/alerts/quiet-hours.js';
import { channelMention, type SafeText, safe, slackDate } from '../blocks/escape.js';
import type { SlackDeps } from '../deps.js';
import { scheduleText } from './digest-command.js';

/**
 * A line for each subscribed channel, and each other channel of the workspace with quiet hours, a
 * digest or an alert posted: what `/exp subscriptions` shows under the subscriptions (a subscribed
 * channel's alert window always, its default marked). None when the store cannot say.
 */
export async function channelNotes(
  deps: Pick<SlackDeps, 'channelAlerts' | 'logger' | 'messages'>,
  scope: string,
  channelIds: readonly string[],
): Promise<SafeText[]> {
  try {
    const listed = (await deps.channelAlerts.channels()).filter((c) => c.scope === scope);
    const ids = [...new Set([...channelIds, ...listed.map((c) => c.channelId)])];
    const settings = await Promise.all(ids.map((channelId) => deps.channelAlerts.get({ scope, channelId })));
    return ids.flatMap((channelId, i) => {
      const s = settings[i];
      const subscribed = channelIds.includes(channelId);
      const set = s && (s.quiet || s.digest || s.longAfterDays !== undefined || s.windowMs !== undefined);
      if (!subscribed && (!s || (!set && s.deliveredAt === undefined))) return [];
      return [
        deps.messages.digest.channelNote({
          channel: channelMention(channelId),
          quiet: s?.quiet && safe(`${formatQuietHours(s.quiet)} (${s.quiet.timeZone})`, 140),
          digest: s?.digest && scheduleText(deps.messages, s.digest),
          long: s?.longAfterDays,
          window: windowNote(s?.windowMs, subscribed),
          delivered: s?.deliveredAt === undefined ? undefined : slackDate(new Date(s.deliveredAt)),
        }),
      ];
    });
  } catch (error) {
    deps.logger.warn('could not read the channels’ quiet hours and digests', { error });
    return [];
  }
}

/** The channel's window as typed, or the default (marked) for a subscribed channel that set none. */
function windowNote(
  windowMs: number | undefined,
  subscribed: boolean,
): { text: SafeText; isDefault: boolean } | undefined {
  if (windowMs !== undefined) return { text: safe(windowText(windowMs), 20), isDefault: false };
  return subscribed ? { text: safe(windowText(DEFAULT_ALERT_WINDOW_MS), 20), isDefault: true } : undefined;
}

/** `90s`, `5m`, `1h`: a window as it is typed. */
function windowText(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${Math.round(ms / 1000)}s`;
}
