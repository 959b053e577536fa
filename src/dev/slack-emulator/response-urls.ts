import { checkBlockKitLimits } from './block-kit/check-limits.js';
import type { IdSource } from './ids.js';
import type { MessageStore } from './messages.js';
import type { EmulatorIdentity, ResponseUrlPost } from './types.js';

/** Slack: a response_url works up to 5 times within 30 minutes. */
const RESPONSE_URL_MAX_USES = 5;

interface ResponseUrlContext {
  channelId?: string;
  userId?: string;
  /** The message replace_original / delete_original act on. */
  messageTs?: string;
  /** The slash command as typed, shown in the channel once a reply is in_channel. */
  commandText?: string;
}

interface Entry {
  id: string;
  channelId: string;
  userId: string;
  messageTs?: string;
  commandText?: string;
  commandEchoed: boolean;
  createdAt: number;
  uses: number;
}

interface ResponseUrlReply {
  status: number;
  text: string;
}

export interface ResponseUrlStore {
  mint(context: ResponseUrlContext): string;
  /** A POST to the URL: counts one use when accepted. */
  post(id: string, body: Record<string, unknown> | undefined): ResponseUrlReply;
  /** A slash command's ack body: shown like a reply but costs no use of the URL. */
  applyAck(url: string, body: Record<string, unknown>): ResponseUrlReply;
  clear(): void;
}

export interface ResponseUrlDeps {
  ids: IdSource;
  baseUrl: string;
  identity: EmulatorIdentity;
  messages: MessageStore;
  ttlMs: number;
  posts: ResponseUrlPost[];
  changed: () => void;
}

// What Slack answers once a URL is spent or expired is not documented: the emulator answers 404 with
// `used_url` / `expired_url` (as reported by users of the real service), and 404 `no_service` for an
// id it never minted. These are assumptions; callers should only rely on "not 2xx".
export function createResponseUrlStore(deps: ResponseUrlDeps): ResponseUrlStore {
  const entries = new Map<string, Entry>();
  const prefix = `${deps.baseUrl}/response/`;

  const deliver = (entry: Entry, body: Record<string, unknown>): ResponseUrlReply => {
    if (isTrue(body.delete_original)) {
      if (entry.messageTs !== undefined) deps.messages.remove(entry.channelId, entry.messageTs);
      return { status: 200, text: 'ok' };
    }
    const text = typeof body.text === 'string' ? body.text : undefined;
    const blocks = body.blocks;
    if (blocks !== undefined && !Array.isArray(blocks)) return { status: 400, text: 'invalid_blocks_format' };
    if (blocks !== undefined && checkBlockKitLimits({ kind: 'message', blocks }).length > 0) {
      return { status: 400, text: 'invalid_blocks' };
    }
    if (text === undefined && blocks === undefined) return { status: 400, text: 'no_text' };
    const original = entry.messageTs && deps.messages.find(entry.channelId, entry.messageTs);
    if (isTrue(body.replace_original) && original) {
      deps.messages.replace(entry.channelId, original.ts, { text, blocks });
      return { status: 200, text: 'ok' };
    }
    // Slack's default visibility is ephemeral; in_channel also reveals the user's command.
    const inChannel = body.response_type === 'in_channel';
    if (inChannel && entry.commandText !== undefined && !entry.commandEchoed) {
      entry.commandEchoed = true;
      deps.messages.post({
        channel: entry.channelId,
        text: entry.commandText,
        user: entry.userId,
        ephemeral: false,
        source: 'command',
      });
    }
    const posted = deps.messages.post({
      channel: entry.channelId,
      text,
      blocks,
      user: deps.identity.botUserId,
      bot_id: deps.identity.botId,
      ...(typeof body.thread_ts === 'string' ? { thread_ts: body.thread_ts } : {}),
      ephemeral: !inChannel,
      ...(inChannel ? {} : { targetUserId: entry.userId }),
      source: 'response_url',
    });
    // A slash command has no app message yet: its first reply becomes the one replace_original edits.
    if (entry.messageTs === undefined) entry.messageTs = posted.ts;
    return { status: 200, text: 'ok' };
  };

  const record = (id: string, body: Record<string, unknown>, reply: ResponseUrlReply) => {
    deps.posts.push({ id, body, at: Date.now(), status: reply.status });
    deps.changed();
    return reply;
  };

  return {
    mint(context) {
      const id = deps.ids.responseUrlId();
      const entry: Entry = {
        id,
        channelId: context.channelId ?? '',
        userId: context.userId ?? '',
        commandEchoed: false,
        createdAt: Date.now(),
        uses: 0,
      };
      if (context.messageTs !== undefined) entry.messageTs = context.messageTs;
      if (context.commandText !== undefined) entry.commandText = context.commandText;
      entries.set(id, entry);
      return `${prefix}${id}`;
    },
    post(id, body) {
      const entry = entries.get(id);
      const payload = body ?? {};
      if (!entry) return record(id, payload, { status: 404, text: 'no_service' });
      if (Date.now() - entry.createdAt > deps.ttlMs)
        return record(id, payload, { status: 404, text: 'expired_url' });
      if (entry.uses >= RESPONSE_URL_MAX_USES) return record(id, payload, { status: 404, text: 'used_url' });
      if (!body) return record(id, payload, { status: 400, text: 'invalid_payload' });
      const reply = deliver(entry, body);
      if (reply.status === 200) entry.uses += 1;
      return record(id, payload, reply);
    },
    applyAck(url, body) {
      const entry = url.startsWith(prefix) ? entries.get(url.slice(prefix.length)) : undefined;
      if (!entry) return { status: 404, text: 'no_service' };
      return deliver(entry, body);
    },
    clear: () => entries.clear(),
  };
}

export function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}
