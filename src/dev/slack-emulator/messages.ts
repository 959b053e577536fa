import type { IdSource } from './ids.js';
import type { EmulatedMessage, MessageUnfurl } from './types.js';

type NewMessage = Omit<EmulatedMessage, 'ts' | 'edits'>;

export interface MessageStore {
  post(message: NewMessage): EmulatedMessage;
  find(channelId: string, ts: string): EmulatedMessage | undefined;
  /** Replaces text and blocks; a message's visibility never changes, like Slack. */
  replace(
    channelId: string,
    ts: string,
    content: { text?: string; blocks?: unknown[] },
  ): EmulatedMessage | undefined;
  remove(channelId: string, ts: string): boolean;
  list(channelId: string): EmulatedMessage[];
  /** The parent, then its replies everyone sees (conversations.replies); a reply's ts names its thread. */
  thread(channelId: string, ts: string): EmulatedMessage[];
  /** Adds or replaces unfurls by URL: a second chat.unfurl for a URL changes it instead of adding one. */
  unfurl(channelId: string, ts: string, unfurls: Record<string, MessageUnfurl>): EmulatedMessage | undefined;
  clear(): void;
}

/** A top-level message: one that can have replies (thread_ts unset, or naming itself). */
export function isTopLevel(message: EmulatedMessage): boolean {
  return message.thread_ts === undefined || message.thread_ts === message.ts;
}

const isReplyTo = (parentTs: string) => (m: EmulatedMessage) =>
  m.thread_ts === parentTs && m.ts !== parentTs && !m.ephemeral;

// Slack keeps a parent's reply_count, reply_users and latest_reply current; ephemeral replies are
// seen by one person only and count for nobody.
function refreshParent(list: EmulatedMessage[], parentTs: string): void {
  const parent = list.find((m) => m.ts === parentTs);
  if (!parent) return;
  const replies = list.filter(isReplyTo(parentTs));
  if (replies.length === 0) {
    for (const key of ['reply_count', 'reply_users', 'reply_users_count', 'latest_reply'] as const) {
      delete parent[key];
    }
    if (parent.thread_ts === parent.ts) delete parent.thread_ts;
    return;
  }
  const users = [...new Set(replies.map((r) => r.user))];
  parent.thread_ts = parent.ts;
  parent.reply_count = replies.length;
  parent.reply_users = users;
  parent.reply_users_count = users.length;
  parent.latest_reply = replies.at(-1)?.ts ?? parent.ts;
}

const copy = (m: EmulatedMessage): EmulatedMessage => ({
  ...m,
  ...(m.reply_users ? { reply_users: [...m.reply_users] } : {}),
  ...(m.unfurls ? { unfurls: { ...m.unfurls } } : {}),
});

export function createMessageStore(ids: IdSource, changed: () => void): MessageStore {
  const byChannel = new Map<string, EmulatedMessage[]>();
  // By ts too: a long-lived thread (a benchmark's card with thousands of replies) made every post,
  // update and reply count a scan of the whole channel, and the emulator slower as a run went on.
  const byTs = new Map<string, Map<string, EmulatedMessage>>();
  const find = (channelId: string, ts: string) => byTs.get(channelId)?.get(ts);
  return {
    post(message) {
      const stored: EmulatedMessage = { ...message, ts: ids.ts(), edits: 0 };
      const list = byChannel.get(message.channel) ?? [];
      list.push(stored);
      byChannel.set(message.channel, list);
      const index = byTs.get(message.channel) ?? new Map<string, EmulatedMessage>();
      index.set(stored.ts, stored);
      byTs.set(message.channel, index);
      if (!isTopLevel(stored) && stored.thread_ts !== undefined) {
        const parent = index.get(stored.thread_ts);
        // A reply everyone sees is the newest of its thread: counted as refreshParent would count it.
        if (parent && !stored.ephemeral) countReply(parent, stored);
        else refreshParent(list, stored.thread_ts);
      }
      changed();
      return stored;
    },
    find,
    replace(channelId, ts, content) {
      const message = find(channelId, ts);
      if (!message) return undefined;
      message.text = content.text;
      message.blocks = content.blocks;
      message.edits += 1;
      changed();
      return message;
    },
    remove(channelId, ts) {
      const list = byChannel.get(channelId);
      const index = list?.findIndex((m) => m.ts === ts) ?? -1;
      if (!list || index < 0) return false;
      const [removed] = list.splice(index, 1);
      byTs.get(channelId)?.delete(ts);
      if (removed && !isTopLevel(removed) && removed.thread_ts !== undefined) {
        refreshParent(list, removed.thread_ts);
      }
      changed();
      return true;
    },
    list: (channelId) => (byChannel.get(channelId) ?? []).map(copy),
    thread(channelId, ts) {
      const list = byChannel.get(channelId) ?? [];
      const named = find(channelId, ts);
      const parentTs = named?.thread_ts ?? ts;
      const parent = find(channelId, parentTs);
      if (!parent || parent.ephemeral) return [];
      return [parent, ...list.filter(isReplyTo(parentTs))].map(copy);
    },
    unfurl(channelId, ts, unfurls) {
      const message = find(channelId, ts);
      if (!message) return undefined;
      message.unfurls = { ...message.unfurls, ...unfurls };
      changed();
      return message;
    },
    clear: () => {
      byChannel.clear();
      byTs.clear();
    },
  };
}

function countReply(parent: EmulatedMessage, reply: EmulatedMessage): void {
  const users = parent.reply_users ?? [];
  if (!users.includes(reply.user)) users.push(reply.user);
  parent.thread_ts = parent.ts;
  parent.reply_count = (parent.reply_count ?? 0) + 1;
  parent.reply_users = users;
  parent.reply_users_count = users.length;
  parent.latest_reply = reply.ts;
}
