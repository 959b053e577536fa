import type { SafeText } from '../blocks/escape.js';

/**
 * A step's error is shown by Slack as plain text, while the app's shared replies (the gate's
 * refusals, a conflict's line) are mrkdwn: mentions, dates and links become their readable part,
 * emphasis marks go, and Slack's three escapes are undone.
 */
export function plainText(text: SafeText | string): string {
  return text
    .replace(/<!date\^\d+\^[^|>]*\|([^>]*)>/g, '$1')
    .replace(/<@([A-Z0-9]+)(?:\|[^>]*)?>/g, '@$1')
    .replace(/<#([A-Z0-9]+)(?:\|([^>]*))?>/g, (_m, id: string, name?: string) => `#${name || id}`)
    .replace(/<!subteam\^([A-Z0-9]+)(?:\|([^>]*))?>/g, (_m, id: string, name?: string) => name || `@${id}`)
    .replace(/<([^|>]+)\|([^>]+)>/g, '$2')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/[*`]/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
