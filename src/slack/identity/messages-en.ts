import { READ_SCOPE } from '../../core/platform/scopes.js';
import { escapeMrkdwn, joinSafe, md } from '../blocks/escape.js';
import type { IdentityMessages, LanguageMessages } from './messages.js';

export function identityMessagesEn(): IdentityMessages {
  return {
    personalRequired: ({ action }) =>
      md`*${escapeMrkdwn(action)}* needs your own platform token here (this workspace's policy), so nothing was sent. Add it with \`/exp login\`; \`/exp whoami\` shows whose token your actions use.`,
    personalInvalid: md`The platform refused your own token (403), so nothing was sent and nothing changed. Add a new one with \`/exp login\`, or \`/exp logout\` to act with the team's connection again.`,
    identityName: ({ identity, channel }) =>
      ({
        personal: md`your own platform token`,
        channel: channel === undefined ? md`this channel's connection` : md`${channel}'s own connection`,
        workspace: md`the workspace's connection`,
        default: md`the token this app was started with`,
      })[identity],
    whichConnection: ({ name }) => md`This is ${name}.`,
    whoamiWhere: ({ channel }) => (channel === undefined ? md`here` : md`in ${channel}`),
    whoamiHead: ({ where, name }) => md`Your actions ${where} use *${name}*.`,
    homeWhere: md`outside channels with their own connection`,
    whoamiNowhere: ({ where }) =>
      md`Your actions ${where} have no platform connection to use: this workspace is not connected yet. An admin connects it with \`/exp connect\`.`,
    whoamiWhy: ({ identity }) =>
      ({
        personal: md`You added it with \`/exp login\`, so the platform's own records name you. \`/exp logout\` goes back to the team's connection.`,
        channel: md`Neither you nor anyone before you added a personal token, and this channel has its own (a team's) connection. \`/exp login\` adds yours, so the platform's records name you.`,
        workspace: md`You have no personal token and this channel has no connection of its own. \`/exp login\` adds yours, so the platform's records name you.`,
        default: md`Nobody connected this workspace, so the server's configured token acts. \`/exp login\` adds yours, so the platform's records name you.`,
      })[identity],
    whoamiConnection: ({ name, baseUrl, by, since, expires, invalid }) => {
      const parts = [
        md`${name}: ${baseUrl}`,
        by === undefined ? md`` : md`, connected by ${by}`,
        since === undefined ? md`` : md` ${since}`,
        expires === undefined ? md`` : md`, expires ${expires}`,
        invalid ? md` · *refused by the platform*: nothing runs under it until it is replaced` : md``,
      ];
      return joinSafe(parts, md``);
    },
    whoamiPersonalRequired: ({ actions }) =>
      md`This workspace's policy needs your own token for ${actions}: add it with \`/exp login\`.`,
    login: {
      title: 'Your platform token',
      submit: 'Log in',
      intro: ({ baseUrl, channel }) =>
        channel === undefined
          ? md`Your own token for ${baseUrl}. With it, your actions are taken under your name on the platform, in every channel; without it they use the team's connection.`
          : md`Your own token for ${baseUrl} (the platform ${channel} is connected to). With it, your actions are taken under your name on the platform; without it they use the team's connection.`,
      tokenLabel: 'Token',
      tokenHint:
        'Visible while you type (Slack has no password field). Stored encrypted; never shown again. /exp logout deletes it.',
      tokenPlaceholder: 'Paste your platform token',
      tokenRequired: 'Paste your token.',
      tokenRejected: 'The platform refused this token (401/403). Check it and try again.',
      tokenLacksScope: `The platform accepted this token but it may not read dictionaries: it lacks the scope ${READ_SCOPE}.`,
      unreachable: 'The platform did not answer in time. Try again in a moment.',
      notAPlatform: 'The platform answered in a way this app does not understand. Nothing was stored.',
      noConnection: md`There is no platform connection here to log in to: an admin connects this workspace (or this channel) with \`/exp connect\` first.`,
    },
    loggedIn: ({ expires }) =>
      expires === undefined
        ? md`You're logged in: your actions now use your own platform token, so the platform's records name you. \`/exp whoami\` shows it; \`/exp logout\` removes it.`
        : md`You're logged in: your actions now use your own platform token (it expires ${expires}), so the platform's records name you. \`/exp whoami\` shows it; \`/exp logout\` removes it.`,
    loggedOut: md`Your platform token is deleted. Your actions use the team's connection again (\`/exp whoami\` shows which).`,
    notLoggedIn: md`You have no personal platform token here, so there was nothing to delete. Your actions use the team's connection (\`/exp whoami\` shows which).`,
    language: languageMessagesEn(),
  };
}

function languageMessagesEn(): LanguageMessages {
  const names = { en: 'English', ru: 'Russian' };
  const why = {
    person: md`you chose it with \`/exp language\``,
    workspace: md`the workspace's default`,
    slack: md`your Slack language`,
    default: md`nobody chose another`,
  };
  return {
    names,
    current: ({ locale, source, workspace }) =>
      md`The app speaks *${escapeMrkdwn(names[locale])}* to you (${why[source]}) and *${escapeMrkdwn(names[workspace])}* in channels. \`/exp language ru|en\` changes yours.`,
    setSelf: ({ locale }) =>
      md`The app now speaks *${escapeMrkdwn(names[locale])}* to you. Channel posts stay in the workspace's language. \`/exp language auto\` goes back to the default.`,
    clearedSelf: md`Your own choice is removed: the app speaks the workspace's default to you, or your Slack language.`,
    setWorkspace: ({ locale, user }) =>
      md`${user} made *${escapeMrkdwn(names[locale])}* this workspace's language: channel posts and everyone who chose none get it.`,
    adminOnly: md`Only workspace admins can set the workspace's language. \`/exp language ru|en\` sets yours.`,
    usage: ({ word }) =>
      md`\`${word}\` is not a language here. Use \`/exp language ru\`, \`/exp language en\` or \`/exp language auto\`; admins: \`/exp language workspace ru|en\`.`,
  };
}
