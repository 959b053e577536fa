import type { webApi } from '@slack/bolt';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { Logger } from '../../observability/logger.js';

// Whether a person is in a channel, for requests whose channel nobody vouched for by acting in it:
// a workflow step's channel input, a request run later (schedule, approval). Slack has no "is this
// person a member" call: conversations.members is paged through, bounded, and remembered a minute.

const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 2_000;
const PAGE = 1_000;
/** Channels larger than this are not paged through: the answer is 'unknown' (refused, not guessed). */
const MAX_PAGES = 10;
const LOOKUP_BUDGET_MS = 5_000;

/** hidden: the app cannot see who is in the channel (a private one it is not in). */
type Membership = 'yes' | 'no' | 'hidden' | 'unknown';

/** Slack's answers for a conversation the app's token cannot see into. */
const HIDDEN = new Set(['channel_not_found', 'not_in_channel']);

export interface ChannelMembers {
  isMember(
    client: Pick<webApi.WebClient, 'conversations'>,
    workspace: WorkspaceRef,
    channelId: string,
    userId: string,
  ): Promise<Membership>;
}

export function createChannelMembers(options: { logger: Logger; now?: () => number }): ChannelMembers {
  const now = options.now ?? Date.now;
  const known = new Map<string, { at: number; members: ReadonlySet<string> }>();
  return {
    async isMember(client, workspace, channelId, userId) {
      const key = `${workspace.enterpriseId ?? ''}:${workspace.teamId}:${channelId}`;
      const hit = known.get(key);
      if (hit && now() - hit.at < REMEMBER_MS) return hit.members.has(userId) ? 'yes' : 'no';
      let members: ReadonlySet<string> | undefined;
      try {
        members = await membersOf(client, channelId);
      } catch (error) {
        const code = (error as { data?: { error?: string } }).data?.error;
        if (code !== undefined && HIDDEN.has(code)) return 'hidden';
        // missing_scope: an install made before the app asked for channels:read and groups:read.
        options.logger.warn('could not read a channel’s members from Slack', { error, channelId, code });
        return 'unknown';
      }
      if (!members) return 'unknown';
      if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value as string);
      known.set(key, { at: now(), members });
      return members.has(userId) ? 'yes' : 'no';
    },
  };
}

/** Every member, or undefined past the bound. */
async function membersOf(
  client: Pick<webApi.WebClient, 'conversations'>,
  channel: string,
): Promise<ReadonlySet<string> | undefined> {
  const members = new Set<string>();
  const deadline = Date.now() + LOOKUP_BUDGET_MS;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES && Date.now() < deadline; page++) {
    const result = await client.conversations.members({
      channel,
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
    });
    for (const member of result.members ?? []) members.add(member);
    cursor = result.response_metadata?.next_cursor || undefined;
    if (!cursor) return members;
  }
  return undefined;
}
