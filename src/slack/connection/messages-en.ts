import { MANAGE_SCOPE, READ_SCOPE } from '../../core/platform/scopes.js';
import { code, md, type SafeText } from '../blocks/escape.js';
import { cmd } from '../messages/en-format.js';
import type { ConnectionMessages, ConnectModalMessages, TokenHealthMessages } from './messages.js';

function dayCount(n: number): SafeText {
  return n === 1 ? md`1 day` : md`${n} days`;
}

export function connectionMessagesEn(): ConnectionMessages {
  return {
    adminOnly: md`Only workspace admins can connect, inspect or disconnect the platform connection. Nothing changed.`,
    connected: ({ user, baseUrl }) =>
      md`${user} connected this workspace to the experiment platform at \`${baseUrl}\`.`,
    disconnected: ({ user }) =>
      md`${user} disconnected this workspace from the experiment platform. The stored token was deleted.`,
    notConnected: md`This workspace is not connected to the experiment platform. An admin can run ${cmd('connect')}.`,
    tokenHeader: 'Platform connection',
    labels: {
      baseUrl: md`*Base URL*`,
      expires: md`*Expires*`,
      scopes: md`*Scopes*`,
      state: md`*State*`,
      connectedBy: md`*Connected by*`,
    },
    states: {
      active: 'Active',
      invalid: 'Refused by the platform (invalid, expired or revoked)',
      unreadable: "Unreadable with this server's encryption keys",
    },
    expiresIn: ({ days: n, date }) =>
      n < 1 ? md`In less than a day (${date})` : md`In ${dayCount(n)} (${date})`,
    expired: ({ date }) => md`Expired (${date})`,
    expiryUnknown: md`Unknown: the token does not say`,
    scopesUnknown: md`Not stated by the token`,
    connectedBy: ({ user, date }) => {
      if (user === undefined) return md`The server configuration`;
      return date === undefined ? user : md`${user}, ${date}`;
    },
    expiringSoon: ({ days: n }) =>
      md`:warning: The platform token expires in ${n < 1 ? md`less than a day` : dayCount(n)}. An admin should create a new token and run ${cmd('connect')} again.`,
    expiredWarning: md`:warning: The platform token has expired. An admin must create a new token and run ${cmd('connect')}.`,
    unreadableWarning: md`:warning: This stored connection cannot be decrypted with the server's keys (\`TOKEN_ENCRYPTION_KEY\` changed without the old key in \`TOKEN_ENCRYPTION_OLD_KEYS\`). Nothing runs under it, and nothing else stands in. An admin must run ${cmd('connect')} again.`,
    invalidWarning: md`:warning: The platform refused this token. An admin must create a new token and run ${cmd('connect')}.`,
    tokenNeverShown: md`The token itself is stored encrypted and never shown.`,
    scopesLacking: ({ scopes }) =>
      md`:warning: This token lacks ${scopes}, so the platform will refuse what needs it: dictionaries need ${code(READ_SCOPE)}; start, stop, archive and unarchive need ${code(MANAGE_SCOPE)}. An admin can run ${cmd('connect')} again with a token that has them.`,
    scopesNotStated: md`The token does not list its scopes, so the app cannot tell which it has: dictionaries need ${code(READ_SCOPE)}; start, stop, archive and unarchive need ${code(MANAGE_SCOPE)}; creating and editing experiments need the platform's create and update rights.`,
  };
}

export function connectModalMessagesEn(): ConnectModalMessages {
  return {
    title: 'Connect platform',
    submit: 'Connect',
    intro: md`Connect this workspace to the experiment platform with an API token. Create the token in the platform: settings → connections → API tokens, with the scopes ${code(READ_SCOPE)} (dictionaries) and ${code(MANAGE_SCOPE)} (start, stop, archive, unarchive). Creating and editing experiments also need the platform's create and update rights.`,
    scopeLabel: 'For',
    scopeWorkspace: 'This workspace',
    scopeWorkspaceHint: 'Every channel without its own connection uses it.',
    scopeChannel: 'This channel only',
    scopeChannelHint: "A team's own token: actions taken in this channel use it.",
    baseUrlLabel: 'Platform base URL',
    baseUrlPlaceholder: 'https://your-host.example.com',
    baseUrlHint: 'The address issued to your organisation, without /api/console.',
    tokenLabel: 'API token',
    tokenPlaceholder: 'Paste the token',
    tokenHint: 'It is stored encrypted and never shown again. Slack shows it while you type.',
    baseUrlInvalid: 'Enter an http(s) URL, for example https://your-host.example.com',
    tokenRequired: 'Paste the API token.',
    tokenRejected: 'The platform refused this token (invalid, expired or revoked).',
    tokenLacksScope: `The platform accepted this token but it cannot read dictionaries: it lacks the scope ${READ_SCOPE}.`,
    unreachable: 'The platform did not answer at this URL. Check the address and try again.',
    notAPlatform: 'This URL does not look like the experiment platform (no console API under /api/console).',
  };
}

export function tokenHealthMessagesEn(): TokenHealthMessages {
  const days = (n: number): SafeText => (n < 1 ? md`less than a day` : n === 1 ? md`1 day` : md`${n} days`);
  return {
    expiresSoon: ({ whose, days: n, when, fix }) =>
      md`:warning: ${whose} expires in ${days(n)} (${when}). ${fix}`,
    expired: ({ whose, fix }) => md`:warning: ${whose} has expired: actions that use it are refused. ${fix}`,
    refused: ({ whose, fix }) =>
      md`:warning: ${whose} was refused by the platform ("Invalid api key provided"): actions that use it fail, and no other token stands in. ${fix}`,
    workspaceToken: ({ host, by }) =>
      by === undefined
        ? md`The workspace's platform token for ${host}`
        : md`The workspace's platform token for ${host}, connected by ${by},`,
    channelToken: ({ channel, host, by }) =>
      by === undefined
        ? md`The platform token of ${channel} for ${host}`
        : md`The platform token of ${channel} for ${host}, connected by ${by},`,
    configuredToken: ({ host }) => md`The platform token this app was started with (for ${host})`,
    personalToken: md`Your personal platform token`,
    fixWorkspace: md`An admin should create a new token and run ${cmd('connect')}.`,
    fixConfigured: md`Whoever runs the app should set a new \`CONSOLE_API_TOKEN\` and restart it, or an admin can run ${cmd('connect')}.`,
    fixPersonal: md`Create a new one and run ${cmd('login')} again, or ${cmd('logout')} to act with the team's token.`,
  };
}
