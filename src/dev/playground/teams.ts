import { createSlackDriver, type SlackDriver } from '../slack-emulator/driver.js';
import type { EmulatedChannel, SlackEmulator } from '../slack-emulator/types.js';

export interface PlaygroundTeam {
  id: string;
  name: string;
  primary: boolean;
}

/**
 * A second workspace to act from, with channels and messages of its own.
 *
 * How: its channels live in the same emulator, tagged with its team id (EmulatedChannel.teamId);
 * channel ids are unique across workspaces, so messages, threads and unfurls follow the channel.
 * Why not a second emulator: the app runs in single-workspace mode with one bot token and one
 * SLACK_API_URL, and its Web API calls name a channel but no team. The emulator lets the first
 * workspace's token reach the channels of a workspace that has no token of its own, so the app
 * side stays as it is. People are shared: anyone one can act as may act in either workspace, and
 * direct messages stay in the first one (a call naming a user cannot say which workspace it means).
 */
export const SECOND_TEAM = { id: 'T0SECOND0', name: 'Second Workspace' } as const;

/** The second workspace's channels, shaped like the first one's: the bot in #general only. */
const SECOND_TEAM_CHANNELS: ReadonlyArray<Omit<EmulatedChannel, 'members' | 'teamId'>> = [
  { id: 'C1GENERAL', name: 'general', is_private: false, botIsMember: true },
  { id: 'C1RANDOM0', name: 'random', is_private: false, botIsMember: false },
  { id: 'G1PRIVATE', name: 'secret', is_private: true, botIsMember: false },
];

export function playgroundTeams(emulator: SlackEmulator): PlaygroundTeam[] {
  return [
    { id: emulator.identity.teamId, name: emulator.identity.teamName, primary: true },
    { id: SECOND_TEAM.id, name: SECOND_TEAM.name, primary: false },
  ];
}

/**
 * Creates the second workspace's channels where they are missing: at start, and again after an
 * emulator reset(), which puts back only the first workspace's. Everyone one can act as is a member.
 */
export function ensureTeamChannels(emulator: SlackEmulator): void {
  const people = [...emulator.users.values()].filter((u) => !u.is_bot && !u.deleted).map((u) => u.id);
  for (const channel of SECOND_TEAM_CHANNELS) {
    if (emulator.channels.has(channel.id)) continue;
    emulator.channels.set(channel.id, { ...channel, teamId: SECOND_TEAM.id, members: [...people] });
  }
}

/** The workspace a channel belongs to: untagged channels (and DMs) are the first workspace's. */
export function teamOfChannel(emulator: SlackEmulator, channel: EmulatedChannel): string {
  return channel.teamId ?? emulator.identity.teamId;
}

/** One workspace's channels, in the emulator's order. */
export function channelsOfTeam(emulator: SlackEmulator, teamId: string): EmulatedChannel[] {
  ensureTeamChannels(emulator);
  return [...emulator.channels.values()].filter((c) => teamOfChannel(emulator, c) === teamId);
}

/** One driver per team: a driver stamps its team on every payload, as Slack does per workspace. */
export function createTeamDrivers(options: {
  emulator: SlackEmulator;
  appEventsUrl: string;
  signingSecret: string;
  unfurlDomains: readonly string[];
}): (teamId: string) => SlackDriver | undefined {
  const drivers = new Map<string, SlackDriver>();
  for (const team of playgroundTeams(options.emulator)) {
    drivers.set(
      team.id,
      createSlackDriver({
        appUrl: options.appEventsUrl,
        signingSecret: options.signingSecret,
        emulator: options.emulator,
        teamId: team.id,
        unfurlDomains: options.unfurlDomains,
      }),
    );
  }
  return (teamId) => drivers.get(teamId);
}
