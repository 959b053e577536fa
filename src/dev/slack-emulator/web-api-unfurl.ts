import {
  type ApiContext,
  type ApiResult,
  fail,
  type MethodHandler,
  resolveChannel,
  str,
} from './api-context.js';
import { checkBlockKitLimits } from './block-kit/check-limits.js';
import { isRecord, parseJson } from './request-body.js';
import type { EmulatedMessage, MessageUnfurl } from './types.js';

// chat.unfurl as its reference describes it: the message is named by channel + ts, or by the
// unfurl_id + source of its link_shared event; `unfurls` maps URLs of that message to blocks or an
// attachment. Error codes are the reference's. Two choices are the emulator's, as Slack does not say:
// Block Kit limit breaches inside an unfurl answer invalid_blocks (as chat.postMessage does), and an
// unfurl with neither blocks nor any attachment content is cannot_parse_attachment.

const SOURCES = new Set(['composer', 'conversations_history']);
const ATTACHMENT_CONTENT = ['text', 'fallback', 'title', 'pretext', 'fields', 'image_url', 'author_name'];

type Target = { message: EmulatedMessage } | { error: ApiResult };

function target(args: Record<string, unknown>, ctx: ApiContext): Target {
  const unfurlId = str(args.unfurl_id);
  if (unfurlId !== undefined) {
    const source = str(args.source);
    if (source === undefined || !SOURCES.has(source)) {
      return {
        error: fail('invalid_arguments', ['[ERROR] source must be composer or conversations_history']),
      };
    }
    const shared = ctx.links.byUnfurlId(unfurlId);
    const channel = shared && resolveChannel(ctx, shared.channelId);
    const message = shared && channel && ctx.messages.find(channel.id, shared.messageTs);
    return message ? { message } : { error: fail('cannot_find_message') };
  }
  if (str(args.channel) === undefined) return { error: fail('missing_channel') };
  const ts = str(args.ts);
  if (ts === undefined) return { error: fail('missing_ts') };
  const channel = resolveChannel(ctx, args.channel);
  if (!channel) return { error: fail('cannot_find_channel') };
  const message = ctx.messages.find(channel.id, ts);
  return message && !message.ephemeral ? { message } : { error: fail('cannot_find_message') };
}

function unfurlMap(value: unknown): Record<string, unknown> | undefined {
  const parsed = typeof value === 'string' ? parseJson(value) : value;
  return isRecord(parsed) && Object.keys(parsed).length > 0 ? parsed : undefined;
}

/** The URLs a message's text features: `<url>` / `<url|label>` links, decoded as Slack stores them. */
export function featuredUrls(text: string | undefined): Set<string> {
  const urls = new Set<string>();
  for (const match of (text ?? '').matchAll(/<(https?:\/\/[^|>\s]+)(?:\|[^>]*)?>/gi)) {
    urls.add((match[1] ?? '').replace(/&amp;/g, '&'));
  }
  return urls;
}

function checkUnfurl(
  url: string,
  value: unknown,
  featured: Set<string>,
  shared: string[],
): ApiResult | undefined {
  if (!isRecord(value)) return fail('cannot_parse_attachment');
  if (!featured.has(url)) return fail('cannot_unfurl_message');
  if (!shared.includes(url)) return fail('cannot_unfurl_url');
  if (value.blocks !== undefined) {
    if (!Array.isArray(value.blocks) || value.blocks.length === 0) return fail('cannot_parse_attachment');
    const breaches = checkBlockKitLimits({ kind: 'message', blocks: value.blocks });
    return breaches.length > 0
      ? fail(
          'invalid_blocks',
          breaches.map((b) => `[ERROR] ${b}`),
        )
      : undefined;
  }
  return ATTACHMENT_CONTENT.some((field) => value[field] !== undefined)
    ? undefined
    : fail('cannot_parse_attachment');
}

const unfurl: MethodHandler = (args, ctx) => {
  const found = target(args, ctx);
  if ('error' in found) return found.error;
  const { message } = found;
  if (args.unfurls === undefined || args.unfurls === '') return fail('missing_unfurls');
  const unfurls = unfurlMap(args.unfurls);
  if (!unfurls) return fail('invalid_unfurls_format');
  const featured = featuredUrls(message.text);
  const shared = ctx.links.forMessage(message.channel, message.ts)?.urls ?? [];
  for (const [url, value] of Object.entries(unfurls)) {
    const error = checkUnfurl(url, value, featured, shared);
    if (error) return error;
  }
  ctx.messages.unfurl(message.channel, message.ts, unfurls as Record<string, MessageUnfurl>);
  return { ok: true };
};

export const unfurlMethods: Record<string, MethodHandler> = { 'chat.unfurl': unfurl };
