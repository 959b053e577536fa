import { formatWhen } from '../../core/schedule/when.js';
import { escapeMrkdwn, type SafeText } from '../blocks/escape.js';

/** A Slack date token (each reader sees their own time), falling back to the time in `timeZone`. */
export function whenToken(at: Date, timeZone: string): SafeText {
  const fallback = escapeMrkdwn(formatWhen(at, timeZone)).replaceAll('|', '/').replaceAll('>', '');
  return `<!date^${Math.floor(at.getTime() / 1000)}^{date_short_pretty} {time}|${fallback}>` as SafeText;
}

export const zoneText = (timeZone: string): SafeText => escapeMrkdwn(timeZone);
