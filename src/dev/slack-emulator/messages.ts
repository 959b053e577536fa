import type { IdSource } from './ids.js';
import type { EmulatedMessage } from './types.js';

export type NewMessage = Omit<EmulatedMessage, 'ts' | 'edits'>;

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
  clear(): void;
}

export function createMessageStore(ids: IdSource, changed: () => void): MessageStore {
  const byChannel = new Map<string, EmulatedMessage[]>();
  const find = (channelId: string, ts: string) => byChannel.get(channelId)?.find((m) => m.ts === ts);
  return {
    post(message) {
      const stored: EmulatedMessage = { ...message, ts: ids.ts(), edits: 0 };
      const list = byChannel.get(message.channel) ?? [];
      list.push(stored);
      byChannel.set(message.channel, list);
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
      list.splice(index, 1);
      changed();
      return true;
    },
    list: (channelId) => (byChannel.get(channelId) ?? []).map((m) => ({ ...m })),
    clear: () => byChannel.clear(),
  };
}
