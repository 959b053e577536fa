import {
  type ApiContext,
  type ApiResult,
  apiMessage,
  fail,
  type MethodHandler,
  missing,
  resolveChannel,
  str,
} from './api-context.js';
import { checkBlockKitLimits } from './block-kit/check-limits.js';
import { DOCUMENTED_LIMITS as LIMITS } from './block-kit/documented-limits.js';
import { threadParent } from './person-actions.js';
import { isTrue } from './response-urls.js';
import type { EmulatedChannel } from './types.js';

// Without chat:write.public a bot posts only where it is a member; with it, also in public channels.
function canPost(ctx: ApiContext, channel: EmulatedChannel): boolean {
  return channel.botIsMember || (ctx.chatWritePublic && !channel.is_private);
}

// Slack truncates chat.postMessage text only beyond 40,000 chars and rejects chat.update text beyond
// 4,000 (msg_too_long); the emulator applies 4,000 to both so oversize text fails loudly in tests.
function contentError(args: Record<string, unknown>): ApiResult | undefined {
  const { text, blocks } = args;
  if (blocks !== undefined && !Array.isArray(blocks)) return fail('invalid_blocks_format');
  if (typeof text === 'string' && text.length > LIMITS.messageText) return fail('msg_too_long');
  const hasBlocks = Array.isArray(blocks) && blocks.length > 0;
  if (str(text) === undefined && !hasBlocks && args.attachments === undefined) return fail('no_text');
  if (!Array.isArray(blocks)) return undefined;
  const breaches = checkBlockKitLimits({ kind: 'message', blocks });
  return breaches.length > 0
    ? fail(
        'invalid_blocks',
        breaches.map((b) => `[ERROR] ${b}`),
      )
    : undefined;
}

function blocksOf(args: Record<string, unknown>): unknown[] | undefined {
  return Array.isArray(args.blocks) && args.blocks.length > 0 ? args.blocks : undefined;
}

const postMessage: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  if (!channel) return fail('channel_not_found');
  if (channel.is_archived) return fail('is_archived');
  if (!canPost(ctx, channel)) return fail('not_in_channel');
  const error = contentError(args);
  if (error) return error;
  const threadTs = str(args.thread_ts);
  // The method reference lists no error for a thread_ts that names no top-level message (it only
  // says to use the parent's ts, never a reply's); the emulator answers thread_not_found so that a
  // reply aimed at the wrong message fails a test instead of starting a thread nobody sees.
  if (threadTs !== undefined && !threadParent(ctx.messages, channel.id, threadTs)) {
    return fail('thread_not_found');
  }
  const broadcast = threadTs !== undefined && isTrue(args.reply_broadcast);
  const message = ctx.messages.post({
    channel: channel.id,
    text: str(args.text),
    blocks: blocksOf(args),
    user: ctx.identity.botUserId,
    bot_id: ctx.identity.botId,
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
    ...(broadcast ? { subtype: 'thread_broadcast' as const } : {}),
    ephemeral: false,
    source: 'chat.postMessage',
  });
  return { ok: true, channel: channel.id, ts: message.ts, message: apiMessage(message, ctx) };
};

// The reference lists no_permission for an app that cannot post in the conversation, and
// user_not_in_channel when the recipient is not a member.
const postEphemeral: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  if (!channel) return fail('channel_not_found');
  const userId = str(args.user);
  if (userId === undefined) return missing('user');
  const user = ctx.users.get(userId);
  if (!user || user.deleted) return fail('user_not_found');
  if (channel.is_archived) return fail('is_archived');
  if (!canPost(ctx, channel)) return fail('no_permission');
  if (!channel.members.includes(userId)) return fail('user_not_in_channel');
  const error = contentError(args);
  if (error) return error;
  const threadTs = str(args.thread_ts);
  const message = ctx.messages.post({
    channel: channel.id,
    text: str(args.text),
    blocks: blocksOf(args),
    user: ctx.identity.botUserId,
    bot_id: ctx.identity.botId,
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
    ephemeral: true,
    targetUserId: userId,
    source: 'chat.postEphemeral',
  });
  return { ok: true, message_ts: message.ts };
};

const update: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  if (!channel) return fail('channel_not_found');
  const ts = str(args.ts);
  if (ts === undefined) return missing('ts');
  const message = ctx.messages.find(channel.id, ts);
  // Ephemeral messages cannot be updated: their ts is unknown to chat.update.
  if (!message || message.ephemeral) return fail('message_not_found');
  if (message.user !== ctx.identity.botUserId) return fail('cant_update_message');
  const error = contentError(args);
  if (error) return error;
  // Text without blocks removes the old blocks, like Slack.
  const updated = ctx.messages.replace(channel.id, ts, {
    text: str(args.text) ?? message.text,
    blocks: blocksOf(args),
  });
  if (!updated) return fail('message_not_found');
  return { ok: true, channel: channel.id, ts, text: updated.text ?? '', message: apiMessage(updated, ctx) };
};

const getPermalink: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  if (!channel) return fail('channel_not_found');
  const ts = str(args.message_ts);
  if (ts === undefined) return missing('message_ts');
  if (!ctx.messages.find(channel.id, ts)) return fail('message_not_found');
  return {
    ok: true,
    channel: channel.id,
    permalink: `${ctx.baseUrl}/archives/${channel.id}/p${ts.replace('.', '')}`,
  };
};

export const chatMethods: Record<string, MethodHandler> = {
  'chat.postMessage': postMessage,
  'chat.postEphemeral': postEphemeral,
  'chat.update': update,
  'chat.getPermalink': getPermalink,
};
