import { md } from '../blocks/escape.js';
import type { HomeMessages } from './messages.js';

export function homeMessagesEn(): HomeMessages {
  return {
    header: 'exp-chatops',
    connectionTitle: md`*Platform connection*`,
    connection: ({ host, state, expires }) =>
      expires === undefined ? md`${host} · ${state}` : md`${host} · ${state} · token expires ${expires}`,
    notConnected: md`Not connected yet: an admin runs \`/exp connect\` in any channel.`,
    identityTitle: md`*Whose token your actions use*`,
    recentTitle: md`*Your recent actions*`,
    noRecent: md`Nothing yet. Try \`/exp list\` or \`/exp show ID\` in a channel.`,
    alertsTitle: md`*Where lifecycle alerts go*`,
    alertsLine: ({ channel, filter }) => md`${channel}: ${filter}`,
    noAlerts: md`No channel gets alerts yet: \`/exp subscribe\` in a channel.`,
    moreAlerts: ({ count }) => md`…and ${count} more (\`/exp subscriptions\`).`,
    adminTitle: md`*For admins*`,
    adminHook: ({ path }) =>
      md`Lifecycle events from outside Slack: POST to ${path} (\`/exp hooks\` shows the secret and how to sign).`,
    adminPolicy: ({ restricted, approvals, personal }) =>
      md`Policy: ${restricted} action(s) limited beyond members, ${approvals} needing approval, ${personal} needing a personal token (\`/exp policy\`).`,
    connectButton: 'Connect or replace the token…',
    disconnectButton: 'Disconnect',
    disconnectConfirm: {
      title: 'Disconnect the workspace?',
      text: md`Lifecycle actions and look-ups stop until an admin connects again (channels with their own connection and people's own tokens are not affected). The token is deleted from the app's store.`,
      confirm: 'Disconnect',
      deny: 'Keep it',
    },
    disconnected: ({ user }) =>
      md`${user} disconnected the workspace from the platform in the Home tab. Run \`/exp connect\`, or use the Home tab, to connect again.`,
    notConnectedAnyMore: md`The workspace had no stored connection any more, so nothing changed.`,
    footer: md`\`/exp help\` lists every command. This tab shows what the app knows now; it refreshes when you open it and after your own changes.`,
  };
}
