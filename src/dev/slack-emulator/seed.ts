import type { EmulatedChannel, EmulatedUser, EmulatorIdentity } from './types.js';

/** Ids of the workspace every emulator starts with (and returns to on reset()). */
export const EMULATOR_DEFAULTS = {
  botToken: 'xoxb-emulator-token',
  teamId: 'T0EMULATOR',
  teamName: 'Emulated Workspace',
  teamDomain: 'emulated',
  botUserId: 'U0BOT0001',
  botId: 'B0BOT0001',
  appId: 'A0EXPCHAT',
  /** A workspace admin (is_admin true). */
  adminUserId: 'U0ADMIN01',
  /** A regular member; the driver's default user. */
  userId: 'U0MEMBER1',
  /** A guest (is_restricted): may read, never act. */
  guestUserId: 'U0GUEST01',
  /** An admin of another organisation, in the shared channel through Slack Connect: reads only here. */
  externalAdminId: 'U0EXTERN1',
  externalTeamId: 'T0OTHERORG',
  /** Public, the bot is a member. */
  channelId: 'C0GENERAL',
  /** Public, the bot is not a member (postable only with chat:write.public). */
  publicChannelWithoutBot: 'C0RANDOM0',
  /** Private, the bot is not a member. */
  privateChannelId: 'G0PRIVATE',
} as const;

export function seedUsers(users: Map<string, EmulatedUser>, identity: EmulatorIdentity): void {
  users.clear();
  const base = { is_owner: false, is_primary_owner: false, team_id: identity.teamId };
  const list: EmulatedUser[] = [
    {
      ...base,
      id: identity.botUserId,
      name: 'exp-chatops',
      real_name: 'exp-chatops',
      is_admin: false,
      is_bot: true,
    },
    { ...base, id: EMULATOR_DEFAULTS.adminUserId, name: 'alice', real_name: 'Alice Admin', is_admin: true },
    { ...base, id: EMULATOR_DEFAULTS.userId, name: 'bob', real_name: 'Bob Member', is_admin: false },
    {
      ...base,
      id: EMULATOR_DEFAULTS.guestUserId,
      name: 'gina',
      real_name: 'Gina Guest',
      is_admin: false,
      is_restricted: true,
    },
    {
      ...base,
      id: EMULATOR_DEFAULTS.externalAdminId,
      name: 'olga',
      real_name: 'Olga Other-org Admin',
      is_admin: true,
      team_id: EMULATOR_DEFAULTS.externalTeamId,
    },
  ];
  for (const user of list) users.set(user.id, user);
}

export function seedChannels(channels: Map<string, EmulatedChannel>): void {
  channels.clear();
  const members = [EMULATOR_DEFAULTS.adminUserId, EMULATOR_DEFAULTS.userId];
  // The guest and the other organisation's admin are in #general only (a shared channel).
  const general = [...members, EMULATOR_DEFAULTS.guestUserId, EMULATOR_DEFAULTS.externalAdminId];
  const list: EmulatedChannel[] = [
    {
      id: EMULATOR_DEFAULTS.channelId,
      name: 'general',
      is_private: false,
      botIsMember: true,
      members: general,
    },
    {
      id: EMULATOR_DEFAULTS.publicChannelWithoutBot,
      name: 'random',
      is_private: false,
      botIsMember: false,
      members: [...members],
    },
    {
      id: EMULATOR_DEFAULTS.privateChannelId,
      name: 'secret',
      is_private: true,
      botIsMember: false,
      members: [...members],
    },
  ];
  for (const channel of list) channels.set(channel.id, channel);
}
