import { playgroundTexts } from '../client/texts.js';
import { escapeHtml } from './html.js';

/** How mentions are shown: names come from the emulator's users and channels. */
export interface MentionNames {
  user(id: string): string | undefined;
  channel(id: string): string | undefined;
  /** How the reader's client words a date token's {ago}, in their language (English when absent). */
  ago?: ((ms: number) => string) | undefined;
}

// Slack's own shortcodes the app uses, plus a few common ones; any other stays as typed.
const EMOJI: Readonly<Record<string, string>> = {
  warning: '⚠️',
  x: '❌',
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  tada: '🎉',
  hourglass: '⌛',
  hourglass_flowing_sand: '⏳',
  lock: '🔒',
  key: '🔑',
  information_source: 'ℹ️',
  no_entry: '⛔',
  rocket: '🚀',
  stop_sign: '🛑',
  bar_chart: '📊',
  test_tube: '🧪',
  alarm_clock: '⏰',
  newspaper: '📰',
  zzz: '💤',
  no_entry_sign: '🚫',
  raised_hand: '✋',
  wastebasket: '🗑️',
};

// Rendered pieces are parked behind private-use markers while the rest of the text is processed,
// so emphasis can wrap a mention without the mention's HTML ever being parsed as mrkdwn again.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKERS = /[\uE000\uE001]/g;
const SLOT = /\uE000(\d+)\uE001/g;

/** Slack escapes exactly these three; one pass so `&amp;lt;` stays the literal text `&lt;`. */
export function decodeSlackEntities(text: string): string {
  return text.replace(/&(lt|gt|amp);/g, (_, name: string) =>
    name === 'lt' ? '<' : name === 'gt' ? '>' : '&',
  );
}

export function emojify(html: string): string {
  return html.replace(/:([a-z0-9_+-]+):/g, (whole, code: string) => EMOJI[code] ?? whole);
}

/** plain_text objects: shown as written, HTML-escaped, newlines kept. */
export function renderPlainText(text: string, emoji = true): string {
  const html = escapeHtml(text).replace(/\n/g, '<br>');
  return emoji ? emojify(html) : html;
}

/**
 * Slack mrkdwn to HTML. Order matters for safety: special `<…>` sequences and code are cut out of
 * the raw text first, then Slack's entities are decoded, then everything is HTML-escaped, and only
 * then are our own tags added. Text the app escaped (`&lt;script&gt;`) therefore shows as text.
 */
export function renderMrkdwn(source: string, names: MentionNames): string {
  const slots: string[] = [];
  const park = (html: string) => `${OPEN}${slots.push(html) - 1}${CLOSE}`;
  let text = source.replace(MARKERS, '');
  // Slack reads `<…>` sequences first, inside code too (a date token's fallback is how the app shows
  // a literal backtick), so they are parked before code spans are looked for.
  text = text.replace(/<([^<>\n]*)>/g, (_, inner: string) => park(renderSpecial(inner, names)));
  text = text.replace(/```([\s\S]*?)```/g, (_, body: string) =>
    park(`<pre class="bk-pre">${escapeHtml(decodeSlackEntities(body.replace(/^\n/, '')))}</pre>`),
  );
  text = text.replace(/`([^`]+)`/g, (_, body: string) =>
    park(`<code>${escapeHtml(decodeSlackEntities(body))}</code>`),
  );
  const html = renderLines(text.split('\n'));
  // A code span may hold parked sequences of its own: one more pass resolves them.
  const unpark = (h: string) => h.replace(SLOT, (_, index: string) => slots[Number(index)] ?? '');
  return unpark(unpark(html));
}

// Lines that start with a raw `>` are a quote; the app escapes user text, so users cannot quote.
function renderLines(lines: string[]): string {
  const out: string[] = [];
  let quote: string[] = [];
  const flush = () => {
    if (quote.length > 0) out.push(`<blockquote class="bk-quote">${quote.join('<br>')}</blockquote>`);
    quote = [];
  };
  lines.forEach((line, index) => {
    if (line.startsWith('>')) {
      quote.push(renderInline(line.replace(/^> ?/, '')));
      return;
    }
    flush();
    const next = lines[index + 1];
    out.push(renderInline(line) + (next === undefined || next.startsWith('>') ? '' : '<br>'));
  });
  flush();
  return out.join('');
}

function renderInline(line: string): string {
  const html = escapeHtml(decodeSlackEntities(line))
    .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S|\S)\*(?!\w)/g, '$1<b>$2</b>')
    .replace(/(^|[^\w_])_(?=\S)([^_]*?\S|\S)_(?!\w)/g, '$1<i>$2</i>')
    .replace(/(^|[^\w~])~(?=\S)([^~]*?\S|\S)~(?!\w)/g, '$1<s>$2</s>');
  return emojify(html);
}

function mention(kind: string, text: string): string {
  return `<span class="bk-mention bk-mention-${kind}">${escapeHtml(text)}</span>`;
}

/** `<@U…>`, `<#C…|name>`, `<!here>`, `<!date^…|fallback>`, `<url|label>`; anything else is text. */
function renderSpecial(inner: string, names: MentionNames): string {
  const bar = inner.indexOf('|');
  const target = bar < 0 ? inner : inner.slice(0, bar);
  const label = bar < 0 ? undefined : decodeSlackEntities(inner.slice(bar + 1));
  if (/^@[UWB][A-Z0-9]+$/.test(target)) {
    const id = target.slice(1);
    return mention('user', `@${names.user(id) ?? label ?? id}`);
  }
  if (/^#[CGD][A-Z0-9]+$/.test(target)) {
    const id = target.slice(1);
    return mention('channel', `#${label ?? names.channel(id) ?? id}`);
  }
  if (/^!(here|channel|everyone)$/.test(target)) return mention('broadcast', `@${target.slice(1)}`);
  if (target.startsWith('!subteam^')) return mention('group', label ?? `@${target.slice(9)}`);
  if (target.startsWith('!date^'))
    return escapeHtml(renderDate(target, names) ?? label ?? decodeSlackEntities(target));
  const url = decodeSlackEntities(target);
  if (/^(https?:\/\/|mailto:)/i.test(url)) {
    const shown = escapeHtml(label ?? url);
    return `<a class="bk-link" href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${shown}</a>`;
  }
  return escapeHtml(decodeSlackEntities(`<${inner}>`));
}

/**
 * Slack renders `<!date^ts^{ago}|…>` relative to the reader's clock ("3 minutes ago"); the page does
 * the same for {ago}, at render time, and keeps the fallback for the other tokens.
 */
function renderDate(target: string, names: MentionNames): string | undefined {
  const [, seconds = '', format = ''] = target.split('^');
  const ts = Number(seconds) * 1000;
  if (!Number.isFinite(ts) || !format.includes('{ago}')) return undefined;
  return format.replace('{ago}', (names.ago ?? playgroundTexts('en').ago)(Date.now() - ts));
}
