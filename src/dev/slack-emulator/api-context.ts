import type { MessageStore } from './messages.js';
import type { TriggerStore } from './triggers.js';
import type { EmulatedChannel, EmulatedMessage, EmulatedUser, EmulatorIdentity } from './types.js';
import type { ViewStore } from './views.js';

export interface ApiContext {
  identity: EmulatorIdentity;
  baseUrl: string;
  chatWritePublic: boolean;
  users: Map<string, EmulatedUser>;
  channels: Map<string, EmulatedChannel>;
  messages: MessageStore;
  views: ViewStore;
  triggers: TriggerStore;
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

/** A channel id, a #name, or a user id (which posts to the DM between the bot and that user). */
export function resolveChannel(ctx: ApiContext, ref: unknown): EmulatedChannel | undefined {
  const id = str(ref);
  if (id === undefined) return undefined;
  const byId = ctx.channels.get(id);
  if (byId) return byId;
  if (id.startsWith('#')) return [...ctx.channels.values()].find((c) => c.name === id.slice(1));
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
    team: ctx.identity.teamId,
  };
}
