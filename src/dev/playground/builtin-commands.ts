import type { EmulatedUser, SlackEmulator } from '../slack-emulator/types.js';
import { PlaygroundRequestError } from './http-io.js';

// Slack answers some slash commands itself: they never reach an app. The playground emulates the
// one a channel needs to let the app in, /invite, with the same arguments Slack's client takes.

export const BUILTIN_COMMANDS = new Set(['/invite']);

/** `@handle`, `<@U…>`, a user id or a display name, matched the way a person would type it. */
function findUser(emulator: SlackEmulator, word: string): EmulatedUser | undefined {
  const id = /^<@([A-Z0-9]+)(?:\|[^>]*)?>$/.exec(word)?.[1];
  const wanted = (id ?? word.replace(/^@/, '')).toLowerCase();
  return [...emulator.users.values()].find(
    (u) =>
      !u.deleted &&
      (u.id.toLowerCase() === wanted ||
        u.name.toLowerCase() === wanted ||
        u.real_name.toLowerCase() === wanted),
  );
}

/** /invite @someone [@someone-else…]: each joins the channel, with Slack's line for each. */
export function runInvite(
  emulator: SlackEmulator,
  input: { text: string; userId: string; channelId: string },
): { joined: string[] } {
  const words = input.text.split(/[\s,]+/).filter((w) => w !== '');
  if (words.length === 0) {
    throw new PlaygroundRequestError(
      400,
      'invalid_request',
      'Say who to add, for example /invite @exp-chatops.',
    );
  }
  const users = words.map((word) => {
    const user = findUser(emulator, word);
    if (!user) {
      throw new PlaygroundRequestError(400, 'user_not_found', `No one called ${word} is in this workspace.`);
    }
    return user;
  });
  for (const user of users)
    emulator.joinChannel({ channelId: input.channelId, userId: user.id, inviterId: input.userId });
  return { joined: users.map((u) => u.id) };
}
