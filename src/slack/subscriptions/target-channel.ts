import { isSlackChannelId } from '../blocks/escape.js';
import type { CommandContext } from '../command/command-context.js';
import type { SubscriptionArgs } from './parse-subscription-args.js';

/** The channel a subscribe or unsubscribe changes. */
export interface Target {
  channelId: string;
  /** The person typed in another channel: the change is confirmed to them there. */
  elsewhere: boolean;
}

/** The channel named in the arguments, else the one typed in; undefined for a DM or a malformed id. */
export function targetOf(ctx: CommandContext<unknown>, args: SubscriptionArgs): Target | undefined {
  const channelId = args.channelId ?? ctx.command.channel_id;
  if (!isSlackChannelId(channelId) || channelId.startsWith('D')) return undefined;
  return { channelId, elsewhere: channelId !== ctx.command.channel_id };
}
