import type { EmulatedMessage } from '../../slack-emulator/types.js';
import { renderBlocks } from './blocks.js';
import { attrs, escapeHtml } from './html.js';
import { renderMrkdwn, renderPlainText } from './mrkdwn.js';
import { type RenderContext, textsOf } from './text.js';
import { renderUnfurls } from './unfurls.js';

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
  // A typed slash command is shown as typed. A person's other messages were escaped by the client
  // (the emulator stores them so), so they are mrkdwn in which their text cannot become markup.
  return message.source === 'command' ? renderPlainText(text, false) : renderMrkdwn(text, ctx.names);
}

const isReply = (m: EmulatedMessage) => m.thread_ts !== undefined && m.thread_ts !== m.ts;

/** Where a message sits: in the channel (with its thread's summary) or in an open thread. */
interface Placement {
  replies?: readonly EmulatedMessage[];
  inThread?: boolean;
}

function threadSummary(
  message: EmulatedMessage,
  replies: readonly EmulatedMessage[],
  ctx: ChannelRenderContext,
): string {
  const last = replies.at(-1);
  if (!last) return '';
  const t = textsOf(ctx);
  const count = escapeHtml(t.replies(replies.length));
  return (
    `<div class="thread-summary"><button${attrs({
      type: 'button',
      class: 'thread-link',
      'data-thread-ts': message.ts,
      'aria-label': t.openThread(t.replies(replies.length)),
    })}><span class="thread-count">${count}</span></button>` +
    `<span class="thread-last">${escapeHtml(t.lastReply(timeOf(last.ts).shown))}</span></div>`
  );
}

function notes(message: EmulatedMessage, placement: Placement, ctx: ChannelRenderContext): string {
  const t = textsOf(ctx);
  let out = message.ephemeral
    ? `<div class="msg-ephemeral-note">${escapeHtml(t.onlyVisibleToYou)}</div>`
    : '';
  if (message.subtype === 'thread_broadcast') {
    out += placement.inThread
      ? `<div class="msg-broadcast-note">${escapeHtml(t.alsoSentToChannel)}</div>`
      : `<div class="msg-broadcast-note">${escapeHtml(t.repliedToThread)} <button${attrs({
          type: 'button',
          class: 'thread-link thread-link-inline',
          'data-thread-ts': message.thread_ts,
        })}>${escapeHtml(t.viewThread)}</button></div>`;
  }
  return out;
}

// Slack shows a join as a quiet line under the member's name rather than as something they said.
function joinLine(message: EmulatedMessage, ctx: ChannelRenderContext): string {
  const channel = ctx.names.channel(message.channel);
  const t = textsOf(ctx);
  const where = channel ? `#${channel}` : t.theChannel;
  const inviter = message.inviter === undefined ? undefined : ctx.names.user(message.inviter);
  const text = inviter ? t.addedBy(where, inviter) : t.joined(where);
  return `<div class="msg-system">${escapeHtml(text)}</div>`;
}

function renderMessage(message: EmulatedMessage, ctx: ChannelRenderContext, placement: Placement): string {
  const isBot = message.user === ctx.botUserId || message.bot_id !== undefined;
  const author = ctx.names.user(message.user) ?? message.user;
  const time = timeOf(message.ts);
  const classes = [
    'msg',
    message.ephemeral ? 'msg-ephemeral' : 'msg-channel',
    isBot ? 'msg-bot' : 'msg-user',
    ...(message.subtype === 'channel_join' ? ['msg-join'] : []),
  ];
  const meta =
    `<div class="msg-meta"><span class="msg-author">${escapeHtml(author)}</span>` +
    (isBot ? '<span class="msg-app">APP</span>' : '') +
    `<time${attrs({ datetime: time.iso, title: time.iso })}>${escapeHtml(time.shown)}</time>` +
    (message.edits > 0 ? '<span class="msg-edited">(edited)</span>' : '') +
    '</div>';
  const content =
    message.subtype === 'channel_join'
      ? joinLine(message, ctx)
      : `<div class="msg-body">${body(message, ctx)}</div>${renderUnfurls(message.unfurls, ctx)}`;
  return (
    `<div${attrs({
      class: classes.join(' '),
      'data-ts': message.ts,
      'data-channel': message.channel,
      'data-ephemeral': message.ephemeral ? '1' : '0',
      'data-thread-ts': message.thread_ts,
    })}>` +
    `<div class="msg-avatar" aria-hidden="true">${escapeHtml(author.slice(0, 1).toUpperCase())}</div>` +
    `<div class="msg-main">${meta}${notes(message, placement, ctx)}${content}` +
    `${placement.replies ? threadSummary(message, placement.replies, ctx) : ''}</div></div>`
  );
}

/** Replies by parent ts, for parents present in the list. */
function repliesByParent(messages: readonly EmulatedMessage[]): Map<string, EmulatedMessage[]> {
  const present = new Set(messages.map((m) => m.ts));
  const replies = new Map<string, EmulatedMessage[]>();
  for (const message of messages) {
    const parent = message.thread_ts;
    if (parent === undefined || !isReply(message) || !present.has(parent)) continue;
    replies.set(parent, [...(replies.get(parent) ?? []), message]);
  }
  return replies;
}

/**
 * One channel's messages, oldest first. Replies live in their thread: the parent shows how many
 * there are and opens it; a reply sent to the channel too (reply_broadcast) also shows here, and so
 * does a reply whose parent this person cannot see.
 */
export function renderChannelMessages(
  messages: readonly EmulatedMessage[],
  ctx: ChannelRenderContext,
): string {
  const replies = repliesByParent(messages);
  const inThread = new Set([...replies.values()].flat().map((m) => m.ts));
  return messages
    .filter((m) => !inThread.has(m.ts) || m.subtype === 'thread_broadcast')
    .map((m) => renderMessage(m, ctx, { replies: isReply(m) ? [] : (replies.get(m.ts) ?? []) }))
    .join('');
}

/** Every thread of the channel this person can open, by parent ts: the parent, then its replies. */
export function renderThreads(
  messages: readonly EmulatedMessage[],
  ctx: ChannelRenderContext,
): Record<string, string> {
  const threads: Record<string, string> = {};
  for (const [parentTs, replies] of repliesByParent(messages)) {
    const parent = messages.find((m) => m.ts === parentTs);
    if (!parent) continue;
    const count = escapeHtml(textsOf(ctx).replies(replies.length));
    threads[parentTs] =
      `<div class="thread-root">${renderMessage(parent, ctx, { inThread: true })}</div>` +
      `<div class="thread-divider"><span>${count}</span></div>` +
      replies.map((reply) => renderMessage(reply, ctx, { inThread: true })).join('');
  }
  return threads;
}
