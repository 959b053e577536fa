import type { MrkdwnElement, PlainTextElement } from '@slack/types';
import { LIMITS } from './limits.js';

declare const safeTextBrand: unique symbol;

/**
 * mrkdwn that is safe to send: our own wording, escaped user text, or mentions built from ids.
 * Only md``, escapeMrkdwn, code, userMention, channelMention and slackDate produce it, so the compiler refuses raw
 * user text wherever a message or text object expects mrkdwn.
 */
export type SafeText = string & { readonly [safeTextBrand]: true };

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Escapes only the three control characters Slack documents, so user text can never become
 * `<!channel>`, `<@U…>` or a forged `<url|label>` link. `&` is always escaped, even inside an
 * existing entity: `&amp;` typed by a user must show as typed.
 */
export function escapeMrkdwn(text: string): SafeText {
  return text.replace(/[&<>]/g, (c) => ENTITIES[c] ?? c) as SafeText;
}

/** Template tag for our own wording: interpolations must already be safe (or numbers). */
export function md(strings: TemplateStringsArray, ...values: ReadonlyArray<SafeText | number>): SafeText {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += String(values[i]) + (strings[i + 1] ?? '');
  return out as SafeText;
}

export function joinSafe(parts: readonly SafeText[], separator: SafeText = md`\n`): SafeText {
  return parts.join(separator) as SafeText;
}

const ELLIPSIS = '…';

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Cuts text to at most max UTF-16 code units (the strictest way to count Slack's characters),
 * ending with an ellipsis. Never splits a surrogate pair or an `&amp;`/`&lt;`/`&gt;` entity.
 */
export function truncate<T extends string>(text: T, max: number): T {
  if (text.length <= max) return text;
  if (max <= 0) return '' as T;
  let cut = max - ELLIPSIS.length;
  if (cut > 0 && isHighSurrogate(text.charCodeAt(cut - 1))) cut--;
  const amp = text.lastIndexOf('&', cut - 1);
  if (amp >= 0 && amp > cut - 5) {
    const entity = /^&(amp|lt|gt);/.exec(text.slice(amp));
    if (entity && amp + entity[0].length > cut) cut = amp;
  }
  return (text.slice(0, Math.max(cut, 0)) + ELLIPSIS) as T;
}

// Our own control sequences (mentions, dates) are short; cutting inside one would leave a dangling
// `<` that Slack may join with later text, so the cut moves before it.
const MAX_CONTROL_SEQUENCE = 120;

/** truncate() for mrkdwn that also never leaves half of a `<…>` sequence. */
export function truncateSafe(text: SafeText, max: number): SafeText {
  const cutText = truncate(text, max);
  if (cutText === text) return text;
  const kept = cutText.slice(0, -ELLIPSIS.length);
  const open = kept.lastIndexOf('<');
  if (open >= 0 && open > kept.lastIndexOf('>') && kept.length - open <= MAX_CONTROL_SEQUENCE) {
    return (kept.slice(0, open) + ELLIPSIS) as SafeText;
  }
  return cutText;
}

/** Escapes then truncates: the count includes the entities, which are what Slack receives. */
export function safe(text: string, max: number): SafeText {
  return truncate(escapeMrkdwn(text), max);
}

/** Inline code span for opaque values (statuses, ids as typed, URLs): escaped and truncated. */
export function code(text: string, max = 200): SafeText {
  return md`\`${safe(text, max)}\``;
}

const SLACK_USER_ID = /^[UW][A-Z0-9]+$/;

export function isSlackUserId(id: string): boolean {
  return SLACK_USER_ID.test(id);
}

/**
 * A mention built only from a Slack user id. Anything else is shown as escaped code and never
 * pings: a malformed id must not stop the outcome of an action from being reported.
 */
export function userMention(id: string): SafeText {
  return isSlackUserId(id) ? (`<@${id}>` as SafeText) : code(id, 40);
}

// Public, private and shared channels (C…, G…); DMs (D…) render as no useful name, so they are refused.
const SLACK_CHANNEL_ID = /^[CG][A-Z0-9]{2,}$/;

export function isSlackChannelId(id: string): boolean {
  return SLACK_CHANNEL_ID.test(id);
}

/** A channel link built only from a channel id; anything else is shown as escaped code. */
export function channelMention(id: string): SafeText {
  return isSlackChannelId(id) ? (`<#${id}>` as SafeText) : code(id, 40);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `2025-01-31 12:00 UTC`: locale-free, used as the fallback of Slack's date token. */
export function formatUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())} UTC`;
}

/** Slack renders the date in each reader's own time zone; the fallback is UTC. */
export function slackDate(date: Date): SafeText {
  const time = date.getTime();
  if (!Number.isFinite(time)) return md`?`;
  return `<!date^${Math.floor(time / 1000)}^{date_short_pretty} {time}|${formatUtc(date)}>` as SafeText;
}

export interface MrkdwnOptions {
  /** Default true: Slack then does not auto-link plain `@here`, `#channel` or URLs in the text. */
  verbatim?: boolean;
  max?: number;
}

export function mrkdwn(text: SafeText, options: MrkdwnOptions = {}): MrkdwnElement {
  return {
    type: 'mrkdwn',
    text: truncateSafe(text, options.max ?? LIMITS.textObject),
    verbatim: options.verbatim ?? true,
  };
}

/** plain_text is never parsed for mentions or links, so it takes raw text (truncated only). */
export function plain(text: string, max: number = LIMITS.textObject): PlainTextElement {
  return { type: 'plain_text', text: truncate(text, max), emoji: true };
}
