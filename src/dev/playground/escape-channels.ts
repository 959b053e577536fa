import type { SlackEmulator } from '../slack-emulator/server.js';
import { channelsOfTeam } from './teams.js';

// What Slack does to a slash command's text when the command escapes it (the manifest's
// should_escape, which /exp sets): a channel picked with `#` reaches the app as `<#C…|name>`.
const CHANNEL_NAME = /(^|\s)#([a-z0-9][a-z0-9_-]*)(?=$|[\s.,;:!?)])/gi;

/** `#general` → `<#C0GENERAL|general>` for each channel of the team the person can see; others stay as typed. */
export function escapeChannelNames(
  emulator: SlackEmulator,
  input: { text: string; teamId: string; userId: string },
): string {
  const visible = channelsOfTeam(emulator, input.teamId).filter(
    (c) => !c.is_im && (!c.is_private || c.members.includes(input.userId)),
  );
  const byName = new Map(visible.map((c) => [c.name.toLowerCase(), c]));
  return input.text.replace(CHANNEL_NAME, (whole, lead: string, name: string) => {
    const channel = byName.get(name.toLowerCase());
    return channel ? `${lead}<#${channel.id}|${channel.name}>` : whole;
  });
}
