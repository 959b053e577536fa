import type { DriverResponse, SlackDriver } from '../slack-emulator/driver.js';
import { ActionNotFoundError } from '../slack-emulator/errors.js';
import {
  envelope,
  findElement,
  messageBlockActions,
  type PayloadOrigin,
  userRef,
} from '../slack-emulator/interaction-payloads.js';
import type { EmulatedMessage, SlackEmulator } from '../slack-emulator/types.js';

// The driver covers button clicks in messages; selects, overflow menus and type-ahead in messages
// are built here from the same payload helpers, so they look exactly like the driver's.

export interface MessageTarget {
  message: EmulatedMessage;
  blockId: string;
  actionId: string;
  userId: string;
  teamId: string;
}

function originOf(emulator: SlackEmulator, userId: string, teamId: string): PayloadOrigin {
  return {
    teamId,
    teamDomain: emulator.identity.teamDomain,
    enterpriseId: emulator.identity.enterpriseId,
    apiAppId: emulator.identity.appId,
    user: userRef(emulator.users, userId),
  };
}

function requireElement(target: MessageTarget): void {
  if (!findElement(target.message.blocks, target.actionId, target.blockId)) {
    throw new ActionNotFoundError(
      target.actionId,
      `message ${target.message.ts} in ${target.message.channel}`,
    );
  }
}

/** block_actions for a non-button element of a message (a select choice, an overflow item, a date). */
export function sendMessageAction(
  emulator: SlackEmulator,
  driver: SlackDriver,
  target: MessageTarget,
  action: Record<string, unknown>,
): Promise<DriverResponse> {
  requireElement(target);
  const { message, userId } = target;
  const responseUrl = emulator.mintResponseUrl({ channelId: message.channel, userId, messageTs: message.ts });
  const triggerId = emulator.mintTriggerId({ userId });
  const channelName = emulator.channels.get(message.channel)?.name ?? 'unknown';
  const payload = messageBlockActions(
    originOf(emulator, userId, target.teamId),
    message,
    channelName,
    { ...action, block_id: target.blockId, action_id: target.actionId },
    { responseUrl, triggerId },
  );
  return driver.interaction(payload);
}

/** block_suggestion for an external select inside a message. */
export function suggestMessageOptions(
  emulator: SlackEmulator,
  driver: SlackDriver,
  target: MessageTarget,
  value: string,
): Promise<DriverResponse> {
  requireElement(target);
  const { message } = target;
  return driver.interaction({
    type: 'block_suggestion',
    ...envelope(originOf(emulator, target.userId, target.teamId)),
    container: {
      type: 'message',
      message_ts: message.ts,
      channel_id: message.channel,
      is_ephemeral: message.ephemeral,
    },
    channel: { id: message.channel, name: emulator.channels.get(message.channel)?.name ?? 'unknown' },
    action_id: target.actionId,
    block_id: target.blockId,
    value,
  });
}
