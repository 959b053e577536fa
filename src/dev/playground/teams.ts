import { createSlackDriver, type SlackDriver } from '../slack-emulator/driver.js';
import type { SlackEmulator } from '../slack-emulator/types.js';

export interface PlaygroundTeam {
  id: string;
  name: string;
  primary: boolean;
}

/**
 * A second workspace to act from. The emulator holds one workspace's channels and users, so both
 * teams see the same conversations; only the team_id the app receives changes, which is what
 * decides the app's per-workspace platform connection.
 */
export const SECOND_TEAM = { id: 'T0SECOND0', name: 'Second Workspace' } as const;

export function playgroundTeams(emulator: SlackEmulator): PlaygroundTeam[] {
  return [
    { id: emulator.identity.teamId, name: emulator.identity.teamName, primary: true },
    { id: SECOND_TEAM.id, name: SECOND_TEAM.name, primary: false },
  ];
}

/** One driver per team: a driver stamps its team on every payload, as Slack does per workspace. */
export function createTeamDrivers(options: {
  emulator: SlackEmulator;
  appEventsUrl: string;
  signingSecret: string;
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
      }),
    );
  }
  return (teamId) => drivers.get(teamId);
}
