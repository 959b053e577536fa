import type { EmulatedUser, SlackEmulator } from '../slack-emulator/types.js';

/**
 * Adds a person to the emulated workspace and to every channel, so the app can answer them
 * ephemerally wherever they type. Ids look like Slack's (U + upper-case letters and digits).
 */
export function addPlaygroundUser(
  emulator: SlackEmulator,
  input: { name: string; isAdmin?: boolean | undefined },
): EmulatedUser {
  let n = 1;
  const idOf = (i: number) => `U0PLAY${String(i).padStart(3, '0')}`;
  while (emulator.users.has(idOf(n))) n += 1;
  const handle =
    input.name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '.')
      .replace(/^\.+|\.+$/g, '') || 'user';
  const user: EmulatedUser = {
    id: idOf(n),
    name: handle,
    real_name: input.name,
    is_admin: input.isAdmin === true,
    is_owner: false,
    is_primary_owner: false,
    team_id: emulator.identity.teamId,
  };
  emulator.users.set(user.id, user);
  for (const channel of emulator.channels.values()) {
    if (!channel.is_im && !channel.members.includes(user.id)) channel.members.push(user.id);
  }
  return user;
}
