import type { SlackEmulator } from '../../src/dev/slack-emulator/server.js';

/** Adds a public channel with the bot in it to the emulator's workspace. */
export function addPublicChannel(
  emulator: Pick<SlackEmulator, 'channels'>,
  channel: { id: string; name: string; members: string[] },
): void {
  emulator.channels.set(channel.id, { ...channel, is_private: false, botIsMember: true });
}
