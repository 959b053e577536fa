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
 * Bidirectional controls (embeddings, overrides, isolates, marks): U+202E in a name would turn the
 * rest of the line around, so untrusted text loses them before it is shown anywhere, even plain_text.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function stripBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** Slack's own escaping of its three control characters, and nothing else. */
function escapeEntities(text: string): string {
  return text.replace(/[&<>]/g, (c) => ENTITIES[c] ?? c);
}

/*
 * Slack documents no escape for `*`, `_`, `~` or backticks. A zero-width space beside a marker does
 * not help: Slack takes it as a word boundary, so it can turn formatting on rather than off (the
 * trick jsx-slack's "exact mode" relies on); look-alike characters break copy and paste. What does
 * work is a date token whose format Slack cannot read: Slack shows its fallback, as plain text, so
 * the reader sees (and copies) the very character, never formatted. A marker between two ASCII
 * letters or digits cannot open or close formatting (`snake_case_id` stays as typed), so it is left
 * alone; next to anything else (space, punctuation, Cyrillic, where Slack's word rules are not
 * documented) it is wrapped.
 */
const MARKER = /[*_~`]/g;
const ASCII_WORD = /[A-Za-z0-9]/;

function literalMarker(marker: string): string {
  return `<!date^00000000^{_}|${marker}>`;
}

function neutraliseMarkers(text: string): string {
  return text.replace(MARKER, (marker, at: number) => {
    const inWord =
      marker !== '`' && ASCII_WORD.test(text.charAt(at - 1)) && ASCII_WORD.test(text.charAt(at + 1));
    return inWord ? marker : literalMarker(marker);
  });
}

/** Anything escapeMrkdwn changes: a bidi control, an entity's character or a formatting marker. */
const NEEDS_ESCAPE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069&<>*_~`]/;

// `&gt;` at the start of a line is still a quote in Slack, and a date token cannot carry `>`: an
// invisible soft hyphen before it moves the `>` off the line start (what jsx-slack does too).
const QUOTE_AT_LINE_START = /(^|\n)([ \t]*&gt;)/g;

/**
 * The one way untrusted text (hook fields, platform names, comments, typed values) enters mrkdwn:
 * bidi controls removed, `&`, `<`, `>` escaped as Slack documents (so it can never become
 * `<!channel>`, `<@U…>` or a forged `<url|label>`; `&amp;` typed by a user shows as typed), and
 * formatting markers and line-start quotes shown literally.
 */
export function escapeMrkdwn(text: string): SafeText {
  // Most of what a card shows (names, ids, statuses) has none of these: one test, not four replaces.
  if (!NEEDS_ESCAPE.test(text)) return text as SafeText;
  const escaped = neutraliseMarkers(escapeEntities(stripBidi(text)));
  return escaped.replace(QUOTE_AT_LINE_START, '$1\u00ad$2') as SafeText;
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

/**
 * Escapes then truncates: the count includes the entities and marker tokens, which are what Slack
 * receives, and the cut never leaves half of one.
 */
export function safe(text: string, max: number): SafeText {
  return truncateSafe(escapeMrkdwn(text), max);
}

/**
 * Inline code span for opaque values (statuses, ids as typed, URLs): Slack formats nothing inside
 * one, so only the controls and entities are handled and ids copy exactly. A backtick or newline
 * would end the span early, so such text is shown as escaped prose instead.
 */
export function code(text: string, max = 200): SafeText {
  const clean = stripBidi(text);
  if (/[`\n]/.test(clean)) return safe(clean, max);
  return md`\`${truncate(escapeEntities(clean) as SafeText, max)}\``;
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

/** plain_text is never parsed for mentions or links, so it takes raw text, without bidi controls. */
export function plain(text: string, max: number = LIMITS.textObject): PlainTextElement {
  return { type: 'plain_text', text: truncate(stripBidi(text), max), emoji: true };
}
