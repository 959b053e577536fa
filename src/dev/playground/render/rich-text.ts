import { escapeHtml, isObject, type Json, objects, stringOf } from './html.js';
import { emojify } from './mrkdwn.js';
import type { RenderContext } from './text.js';

// rich_text as Slack clients send it; apps rarely build it, so only the common parts are shown.

function styled(html: string, style: unknown): string {
  if (!isObject(style)) return html;
  let out = html;
  if (style.code === true) out = `<code>${out}</code>`;
  if (style.bold === true) out = `<b>${out}</b>`;
  if (style.italic === true) out = `<i>${out}</i>`;
  if (style.strike === true) out = `<s>${out}</s>`;
  return out;
}

function inline(element: Json, ctx: RenderContext): string {
  switch (element.type) {
    case 'text':
      return styled(escapeHtml(stringOf(element.text) ?? '').replace(/\n/g, '<br>'), element.style);
    case 'link': {
      const url = stringOf(element.url) ?? '';
      const label = escapeHtml(stringOf(element.text) ?? url);
      return /^(https?:\/\/|mailto:)/i.test(url)
        ? `<a class="bk-link" href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${label}</a>`
        : label;
    }
    case 'user': {
      const id = stringOf(element.user_id) ?? '';
      return `<span class="bk-mention">@${escapeHtml(ctx.names.user(id) ?? id)}</span>`;
    }
    case 'channel': {
      const id = stringOf(element.channel_id) ?? '';
      return `<span class="bk-mention">#${escapeHtml(ctx.names.channel(id) ?? id)}</span>`;
    }
    case 'broadcast':
      return `<span class="bk-mention">@${escapeHtml(stringOf(element.range) ?? '')}</span>`;
    case 'emoji':
      return emojify(escapeHtml(`:${stringOf(element.name) ?? ''}:`));
    default:
      return '';
  }
}

function part(element: Json, ctx: RenderContext): string {
  const inner = objects(element.elements);
  switch (element.type) {
    case 'rich_text_section':
      return `<div>${inner.map((e) => inline(e, ctx)).join('')}</div>`;
    case 'rich_text_preformatted':
      return `<pre class="bk-pre">${inner.map((e) => inline(e, ctx)).join('')}</pre>`;
    case 'rich_text_quote':
      return `<blockquote class="bk-quote">${inner.map((e) => inline(e, ctx)).join('')}</blockquote>`;
    case 'rich_text_list': {
      const tag = element.style === 'ordered' ? 'ol' : 'ul';
      return `<${tag}>${inner.map((e) => `<li>${part(e, ctx)}</li>`).join('')}</${tag}>`;
    }
    default:
      return '';
  }
}

export function renderRichText(block: Json, ctx: RenderContext): string {
  return objects(block.elements)
    .map((e) => part(e, ctx))
    .join('');
}
