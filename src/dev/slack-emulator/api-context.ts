import type { FunctionExecutionStore } from './functions.js';
import type { MessageStore } from './messages.js';
import type { SharedLinkRegistry } from './shared-links.js';
import type { TriggerStore } from './triggers.js';
import type {
  EmulatedChannel,
  EmulatedMessage,
  EmulatedUser,
  EmulatedUserGroup,
  EmulatorIdentity,
} from './types.js';
import type { ViewStore } from './views.js';

export interface ApiContext {
  /** The workspace whose token made the call. */
  identity: EmulatorIdentity;
  /** The emulator's first workspace, whose token also serves workspaces that have none of their own. */
  primary: EmulatorIdentity;
  /** A registered workspace (one with its own bot token) by team id. */
  team(teamId: string): EmulatorIdentity | undefined;
  baseUrl: string;
  chatWritePublic: boolean;
  users: Map<string, EmulatedUser>;
  channels: Map<string, EmulatedChannel>;
  usergroups: Map<string, EmulatedUserGroup>;
  messages: MessageStore;
  views: ViewStore;
  /** The Home tab each user was last published (views.publish), by user id. */
  homes: Map<string, Record<string, unknown>>;
  triggers: TriggerStore;
  /** Workflow step executions (function_executed) and how they ended. */
  functions: FunctionExecutionStore;
  /** Links the app was told about in link_shared events, which chat.unfurl may unfurl. */
  links: SharedLinkRegistry;
}

export type ApiResult = Record<string, unknown>;
export type MethodHandler = (args: Record<string, unknown>, ctx: ApiContext) => ApiResult;

export function fail(error: string, messages?: string[]): ApiResult {
  return messages ? { ok: false, error, response_metadata: { messages } } : { ok: false, error };
}

/** `[ERROR] missing required field: x`, the way Slack words invalid_arguments. */
export function missing(field: string): ApiResult {
  return fail('invalid_arguments', [`[ERROR] missing required field: ${field}`]);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Whether the calling token reaches a channel: channels of no workspace are shared by all; a
 * workspace's own are reached by its token, or by the first workspace's token when that workspace
 * has none (a single-workspace app serving a second team, the way the playground runs it).
 */
function reaches(ctx: ApiContext, channel: EmulatedChannel): boolean {
  if (channel.teamId === undefined || channel.teamId === ctx.identity.teamId) return true;
  return ctx.identity === ctx.primary && ctx.team(channel.teamId) === undefined;
}

/** A channel id, a #name, or a user id (which posts to the DM between the bot and that user). */
export function resolveChannel(ctx: ApiContext, ref: unknown): EmulatedChannel | undefined {
  const id = str(ref);
  if (id === undefined) return undefined;
  const byId = ctx.channels.get(id);
  if (byId) return reaches(ctx, byId) ? byId : undefined;
  if (id.startsWith('#')) {
    const named = [...ctx.channels.values()].filter((c) => c.name === id.slice(1) && reaches(ctx, c));
    // Several workspaces have a #general: the caller's own comes first, then the shared one.
    return named.find((c) => c.teamId === ctx.identity.teamId) ?? named.find((c) => c.teamId === undefined);
  }
  const user = ctx.users.get(id);
  if (!user || user.is_bot || user.deleted) return undefined;
  const dmId = `D${user.id.slice(1)}`;
  const dm = ctx.channels.get(dmId) ?? {
    id: dmId,
    name: user.id,
    is_private: true,
    is_im: true,
    botIsMember: true,
    members: [user.id],
  };
  ctx.channels.set(dmId, dm);
  return dm;
}

export function apiMessage(message: EmulatedMessage, ctx: ApiContext): ApiResult {
  return {
    type: 'message',
    user: message.user,
    ...(message.bot_id === undefined ? {} : { bot_id: message.bot_id, app_id: ctx.identity.appId }),
    text: message.text ?? '',
    ...(message.blocks === undefined ? {} : { blocks: message.blocks }),
    ts: message.ts,
    ...(message.thread_ts === undefined ? {} : { thread_ts: message.thread_ts }),
    ...(message.subtype === undefined ? {} : { subtype: message.subtype }),
    ...(message.reply_count === undefined
      ? {}
      : {
          reply_count: message.reply_count,
          reply_users: message.reply_users ?? [],
          reply_users_count: message.reply_users_count ?? 0,
          latest_reply: message.latest_reply,
        }),
    team: ctx.identity.teamId,
  };
}
