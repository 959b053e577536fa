import { createHash } from 'node:crypto';
import type { SharedLinks } from './types.js';

/** What chat.unfurl checks against: an app may unfurl only links it was sent a link_shared for. */
export interface SharedLinkRegistry {
  /** Records links of a message (again for the same message: the lists are merged, the id kept). */
  share(input: { channelId: string; messageTs: string; urls: string[] }): SharedLinks;
  byUnfurlId(unfurlId: string): SharedLinks | undefined;
  forMessage(channelId: string, messageTs: string): SharedLinks | undefined;
  clear(): void;
}

export function createSharedLinkRegistry(): SharedLinkRegistry {
  const byId = new Map<string, SharedLinks>();
  const key = (channelId: string, ts: string) => `${channelId}/${ts}`;
  const byMessage = new Map<string, SharedLinks>();
  return {
    share({ channelId, messageTs, urls }) {
      const existing = byMessage.get(key(channelId, messageTs));
      if (existing) {
        existing.urls = [...new Set([...existing.urls, ...urls])];
        return existing;
      }
      // Shaped like Slack's example: channel.ts.<64 hex digits>.
      const digest = createHash('sha256').update(`${channelId}:${messageTs}:${Date.now()}`).digest('hex');
      const shared: SharedLinks = {
        unfurlId: `${channelId}.${messageTs}.${digest}`,
        channelId,
        messageTs,
        urls: [...new Set(urls)],
      };
      byId.set(shared.unfurlId, shared);
      byMessage.set(key(channelId, messageTs), shared);
      return shared;
    },
    byUnfurlId: (unfurlId) => byId.get(unfurlId),
    forMessage: (channelId, messageTs) => byMessage.get(key(channelId, messageTs)),
    clear() {
      byId.clear();
      byMessage.clear();
    },
  };
}
