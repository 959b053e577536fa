import type { MessageUnfurl } from '../../slack-emulator/types.js';
import { renderBlocks } from './blocks.js';
import { attrs, escapeHtml, isObject, objects, stringOf } from './html.js';
import { renderMrkdwn, renderPlainText } from './mrkdwn.js';
import type { RenderContext } from './text.js';

// What chat.unfurl attached, shown under the message like Slack's attachments: a bar on the left,
// then the app's blocks or the legacy attachment fields. The page's CSP forbids inline styles, so
// an attachment colour becomes one of Slack's three named ones or the default grey.

const NAMED_COLOURS = new Set(['good', 'warning', 'danger']);

function link(url: string, label: string): string {
  if (!/^https?:\/\//i.test(url)) return escapeHtml(label);
  return `<a class="bk-link"${attrs({ href: url, target: '_blank', rel: 'noopener noreferrer' })}>${escapeHtml(label)}</a>`;
}

function renderAttachment(attachment: Record<string, unknown>, ctx: RenderContext): string {
  const parts: string[] = [];
  const author = stringOf(attachment.author_name);
  if (author) parts.push(`<div class="att-author">${escapeHtml(author)}</div>`);
  const title = stringOf(attachment.title);
  if (title) {
    const url = stringOf(attachment.title_link);
    parts.push(`<div class="att-title">${url ? link(url, title) : escapeHtml(title)}</div>`);
  }
  const text = stringOf(attachment.text) ?? (title ? undefined : stringOf(attachment.fallback));
  if (text) parts.push(`<div class="att-text">${renderMrkdwn(text, ctx.names)}</div>`);
  const fields = objects(attachment.fields).map(
    (field) =>
      `<div class="att-field${field.short === true ? ' att-short' : ''}">` +
      `<div class="att-field-title">${renderPlainText(stringOf(field.title) ?? '')}</div>` +
      `<div>${renderMrkdwn(stringOf(field.value) ?? '', ctx.names)}</div></div>`,
  );
  if (fields.length > 0) parts.push(`<div class="att-fields">${fields.join('')}</div>`);
  const footer = stringOf(attachment.footer);
  if (footer) parts.push(`<div class="att-footer">${renderPlainText(footer)}</div>`);
  return parts.join('');
}

/** The unfurls of one message, in the order the app sent them. */
export function renderUnfurls(
  unfurls: Readonly<Record<string, MessageUnfurl>> | undefined,
  ctx: RenderContext,
): string {
  if (!unfurls) return '';
  return Object.entries(unfurls)
    .filter(([, unfurl]) => isObject(unfurl))
    .map(([url, unfurl]) => {
      const colour = stringOf(unfurl.color);
      const classes = `msg-unfurl${colour && NAMED_COLOURS.has(colour) ? ` att-${colour}` : ''}`;
      const body = Array.isArray(unfurl.blocks)
        ? renderBlocks(unfurl.blocks, ctx)
        : renderAttachment(unfurl, ctx);
      const pretext = stringOf(unfurl.pretext);
      return (
        (pretext ? `<div class="att-pretext">${renderMrkdwn(pretext, ctx.names)}</div>` : '') +
        `<div${attrs({ class: classes, 'data-url': url })}>${body}</div>`
      );
    })
    .join('');
}
