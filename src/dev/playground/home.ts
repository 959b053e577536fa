import { randomBytes } from 'node:crypto';
import type { SlackDriver } from '../slack-emulator/driver.js';
import type { SlackEmulator } from '../slack-emulator/types.js';

// The app's Home tab as Slack runs it: opening it sends app_home_opened (the app answers with
// views.publish, which the emulator keeps per person); its buttons send block_actions from a view
// of type home. https://docs.slack.dev/reference/events/app_home_opened

/** The direct message between the person and the app, as app_home_opened names it. */
function appDmOf(emulator: SlackEmulator, userId: string): string {
  const bot = emulator.identity.botUserId;
  for (const channel of emulator.channels.values())
    if (channel.is_im && channel.members.includes(userId) && channel.members.includes(bot)) return channel.id;
  return `D${userId.slice(1)}`;
}

export async function openHome(
  emulator: SlackEmulator,
  driver: SlackDriver,
  who: { userId: string; teamId: string },
): Promise<{ status: number }> {
  const now = Date.now();
  return driver.event({
    token: 'legacy',
    team_id: who.teamId,
    api_app_id: emulator.identity.appId,
    type: 'event_callback',
    event_id: `Ev${randomBytes(5).toString('hex').toUpperCase()}`,
    event_time: Math.floor(now / 1000),
    authorizations: [
      {
        team_id: who.teamId,
        user_id: emulator.identity.botUserId,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    event: {
      type: 'app_home_opened',
      user: who.userId,
      channel: appDmOf(emulator, who.userId),
      tab: 'home',
      event_ts: `${(now / 1000).toFixed(6)}`,
    },
  });
}
