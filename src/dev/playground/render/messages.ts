import type { EmulatedMessage } from '../../slack-emulator/types.js';
import { renderBlocks } from './blocks.js';
import { attrs, escapeHtml } from './html.js';
import { renderMrkdwn, renderPlainText } from './mrkdwn.js';
import type { RenderContext } from './text.js';

export interface ChannelRenderContext extends RenderContext {
  botUserId: string;
}

function timeOf(ts: string): { iso: string; shown: string } {
  const ms = Number.parseFloat(ts) * 1000;
  if (!Number.isFinite(ms)) return { iso: '', shown: ts };
  const iso = new Date(ms).toISOString();
  return { iso, shown: iso.slice(11, 19) };
}

function body(message: EmulatedMessage, ctx: ChannelRenderContext): string {
  if (Array.isArray(message.blocks) && message.blocks.length > 0) return renderBlocks(message.blocks, ctx);
  const text = message.text ?? '';
  // What a person typed is shown as typed: Slack escapes user input, so it is never mrkdwn markup.
  return message.source === 'command' ? renderPlainText(text, false) : renderMrkdwn(text, ctx.names);
}

function renderMessage(
  message: EmulatedMessage,
  replies: EmulatedMessage[],
  ctx: ChannelRenderContext,
): string {
  const isBot = message.user === ctx.botUserId || message.bot_id !== undefined;
  const author = ctx.names.user(message.user) ?? message.user;
  const time = timeOf(message.ts);
  const classes = [
    'msg',
    message.ephemeral ? 'msg-ephemeral' : 'msg-channel',
    isBot ? 'msg-bot' : 'msg-user',
  ];
  const meta =
    `<div class="msg-meta"><span class="msg-author">${escapeHtml(author)}</span>` +
    (isBot ? '<span class="msg-app">APP</span>' : '') +
    `<time${attrs({ datetime: time.iso, title: time.iso })}>${escapeHtml(time.shown)}</time>` +
    (message.edits > 0 ? '<span class="msg-edited">(edited)</span>' : '') +
    '</div>';
  const note = message.ephemeral ? '<div class="msg-ephemeral-note">Only visible to you</div>' : '';
  const thread =
    replies.length === 0
      ? ''
      : `<div class="thread"><div class="thread-count">${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}</div>${replies
          .map((reply) => renderMessage(reply, [], ctx))
          .join('')}</div>`;
  return (
    `<div${attrs({
      class: classes.join(' '),
      'data-ts': message.ts,
      'data-channel': message.channel,
      'data-ephemeral': message.ephemeral ? '1' : '0',
      'data-thread-ts': message.thread_ts,
    })}>` +
    `<div class="msg-avatar" aria-hidden="true">${escapeHtml(author.slice(0, 1).toUpperCase())}</div>` +
    `<div class="msg-main">${meta}${note}<div class="msg-body">${body(message, ctx)}</div>${thread}</div></div>`
  );
}

/** One channel's messages, oldest first, with thread replies grouped under their parent. */
export function renderChannelMessages(
  messages: readonly EmulatedMessage[],
  ctx: ChannelRenderContext,
): string {
  const present = new Set(messages.map((m) => m.ts));
  const replies = new Map<string, EmulatedMessage[]>();
  const top: EmulatedMessage[] = [];
  for (const message of messages) {
    const parent = message.thread_ts;
    if (parent !== undefined && parent !== message.ts && present.has(parent)) {
      replies.set(parent, [...(replies.get(parent) ?? []), message]);
    } else top.push(message);
  }
  return top.map((m) => renderMessage(m, replies.get(m.ts) ?? [], ctx)).join('');
}
