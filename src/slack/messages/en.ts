import { escapeMrkdwn, joinSafe, md, type SafeText } from '../blocks/escape.js';
import type { ActionContext, Messages } from './types.js';

const cmd = (text: string): SafeText => md`\`/exp ${escapeMrkdwn(text)}\``;
const word = (text: string): SafeText => escapeMrkdwn(text);

function operation(p: ActionContext): SafeText {
  if (p.action === undefined) return md`the request`;
  const name = word(p.action);
  return p.experimentId === undefined ? md`*${name}*` : md`*${name}* on experiment *${p.experimentId}*`;
}

function days(n: number): SafeText {
  return n === 1 ? md`1 day` : md`${n} days`;
}

export const en: Messages = {
  locale: 'en',
  actions: {
    name: { start: 'start', stop: 'stop', archive: 'archive', unarchive: 'unarchive' },
    button: { start: 'Start', stop: 'Stop…', archive: 'Archive', unarchive: 'Unarchive' },
    startConfirm: {
      title: (id) => `Start experiment ${id}?`,
      text: (id) => `Experiment ${id} will start running on the platform.`,
      confirm: 'Start',
      deny: 'Cancel',
    },
    archiveConfirm: {
      title: (id) => `Archive experiment ${id}?`,
      text: (id) =>
        `Experiment ${id} will be archived. It can be unarchived later with /exp unarchive ${id}.`,
      confirm: 'Archive',
      deny: 'Cancel',
    },
  },
  interruptReasons: {
    sequential_testing_significant_change: 'Significant change (sequential testing)',
    critical_metric_impact: 'Critical metric impact',
    bug: 'Bug',
    other: 'Other',
  },
  help: {
    header: 'Experiments from Slack: /exp',
    intro: md`Run the lifecycle of A/B experiments without leaving the channel. Experiment ids are positive integers.`,
    commands: [
      { usage: '/exp help', description: md`This help.` },
      { usage: '/exp start ID', description: md`Start an experiment. The result is posted in the channel.` },
      {
        usage: '/exp stop ID',
        description: md`Stop an experiment: opens a form with the reason and a comment.`,
      },
      {
        usage: '/exp stop ID REASON [comment…]',
        description: md`Stop without the form. REASON is \`sequential\`, \`critical\`, \`bug\` or \`other\` (a comment is required for \`other\`).`,
      },
      { usage: '/exp archive ID', description: md`Archive a stopped experiment.` },
      { usage: '/exp unarchive ID', description: md`Bring an archived experiment back.` },
      {
        usage: '/exp dict [NAME [filter]]',
        description: md`List the dictionaries, or the values of one, filtered. Add \`--refresh\` to reload it.`,
      },
      {
        usage: '/exp create',
        description: md`Create an experiment with pickers filled from the dictionaries.`,
      },
      { usage: '/exp edit ID', description: md`Edit an experiment.` },
      {
        usage: '/exp features TAG PLATFORM PARTICIPANT',
        description: md`Which groups a user or visitor gets in the experiments with a tag.`,
      },
      {
        usage: '/exp expose LABEL PLATFORM PARTICIPANT',
        description: md`Register an exposure, after a confirmation.`,
      },
      {
        usage: '/exp connect · token · disconnect',
        description: md`Connect this workspace to the platform, see the token's expiry, disconnect (admins).`,
      },
      {
        usage: '/exp subscribe … · unsubscribe … · subscriptions',
        description: md`Route lifecycle alerts to this channel, or list where they go.`,
      },
    ],
    examplesTitle: md`*Examples*`,
    examples: [
      '/exp start 123',
      '/exp stop 123',
      '/exp stop 123 bug Wrong traffic split on iOS',
      '/exp archive 123',
      '/exp dict layers',
    ],
    fallback: md`Usage: ${cmd('start ID')}, ${cmd('stop ID')}, ${cmd('archive ID')}, ${cmd('unarchive ID')}, ${cmd('dict')}, ${cmd('help')}.`,
  },
  lifecycle: {
    success: ({ action, user, experimentId }) => {
      const verbs = {
        start: 'started',
        stop: 'stopped',
        archive: 'archived',
        unarchive: 'unarchived',
      } as const;
      return md`${user} ${word(verbs[action])} experiment *${experimentId}*`;
    },
    stopDetails: ({ reason, comment }) => {
      const lines: SafeText[] = [];
      if (reason !== undefined) lines.push(md`*Reason:* ${reason}`);
      if (comment !== undefined) lines.push(md`*Comment:* ${comment}`);
      return joinSafe(lines);
    },
    nextHint: ({ action, experimentId: id }) => {
      switch (action) {
        case 'start':
          return md`Running. To stop it: ${cmd(`stop ${id}`)} or the button below.`;
        case 'stop':
          return md`Stopped. Archive it when the analysis is done: ${cmd(`archive ${id}`)}.`;
        case 'archive':
          return md`Archived. To bring it back: ${cmd(`unarchive ${id}`)}.`;
        case 'unarchive':
          return md`Unarchived. To run it: ${cmd(`start ${id}`)}.`;
      }
    },
    conflict: ({ action, user, experimentId, status }) =>
      status === undefined
        ? md`${user} tried to *${word(action)}* experiment *${experimentId}*, but the platform refused it in the experiment's current status.`
        : md`${user} tried to *${word(action)}* experiment *${experimentId}*, but the platform refused: current status is \`${status}\`.`,
    conflictHint: ({ action, experimentId: id }) => {
      switch (action) {
        case 'start':
          return md`Maybe it is already running, or archived: try ${cmd(`stop ${id}`)} or ${cmd(`unarchive ${id}`)}.`;
        case 'stop':
          return md`It is not running, so there is nothing to stop. Nothing changed.`;
        case 'archive':
          return md`Stop it first with ${cmd(`stop ${id}`)}, then archive it.`;
        case 'unarchive':
          return md`It is not archived, so there is nothing to unarchive. Nothing changed.`;
      }
    },
    working: ({ action, experimentId }) => md`Working on it: *${word(action)}* experiment *${experimentId}*…`,
    duplicateClick: md`Already being handled: someone just asked for this. The result will appear in the channel.`,
  },
  errors: {
    notFound: ({ experimentId }) =>
      experimentId === undefined
        ? md`The experiment was not found. Nothing changed.`
        : md`Experiment ${experimentId} was not found. Nothing changed.`,
    notConnected: md`This workspace is not connected to the experiment platform. An admin can run ${cmd('connect')}.`,
    invalidToken: md`The platform token is invalid, expired or revoked. Nothing changed. An admin must reconnect with ${cmd('connect')}.`,
    insufficientScope: md`The platform token lacks the right for this (HTTP 403). Nothing changed. An admin can reconnect with a token that has the needed scope: ${cmd('connect')}.`,
    conflict: ({ action, experimentId, status }) => {
      const what = operation({ action, experimentId });
      return status === undefined
        ? md`The platform refused ${what} in the experiment's current status. Nothing changed.`
        : md`The platform refused ${what}: current status is \`${status}\`. Nothing changed.`;
    },
    validation: ({ status, quoted }) => {
      const http = status === undefined ? md`` : md` (HTTP ${status})`;
      return quoted
        ? md`The platform rejected the request as invalid${http}. Nothing changed. It said:`
        : md`The platform rejected the request as invalid${http}. Nothing changed.`;
    },
    server: ({ status }) =>
      status === undefined
        ? md`The platform failed. Nothing changed.`
        : md`The platform failed (HTTP ${status}). Nothing changed.`,
    unexpectedStatus: (p) => {
      const http = p.status === undefined ? md`an unexpected answer` : md`an unexpected HTTP ${p.status}`;
      return p.action === undefined
        ? md`The platform answered with ${http}. Nothing changed.`
        : md`The platform answered ${operation(p)} with ${http}. Check the experiment before retrying.`;
    },
    unexpectedResponse: (p) =>
      p.action === undefined
        ? md`The platform sent an answer the bot could not understand. Nothing changed.`
        : md`The platform accepted ${operation(p)} but its answer could not be understood. Check the experiment before retrying.`,
    timeout: md`The platform did not answer in time. Nothing changed.`,
    connection: md`Could not reach the experiment platform. Nothing changed. Try again later; an admin can check the connection with ${cmd('token')}.`,
    outcomeUnknown: (p) => {
      const why =
        p.cause === 'timeout'
          ? md`The platform did not answer in time`
          : md`The connection to the platform was lost`;
      return md`${why}: the outcome of ${operation(p)} is unknown. Check the experiment before retrying.`;
    },
    invalidRequest: ({ issues }) =>
      md`The request was refused before reaching the platform: ${issues}. Nothing changed.`,
    unexpected: (p) =>
      p.action === undefined
        ? md`Something went wrong while handling the command. Nothing is known to have changed.`
        : md`Something went wrong while running ${operation(p)}: the outcome is unknown. Check the experiment before retrying.`,
  },
  input: {
    missingId: ({ command }) =>
      md`${cmd(`${command} ID`)} needs an experiment id, for example ${cmd(`${command} 123`)}.`,
    badId: ({ got }) => md`Experiment ids are positive integers: got \`${got}\`.`,
    badReason: ({ got }) =>
      md`Unknown stop reason \`${got}\`. Use \`sequential\`, \`critical\`, \`bug\` or \`other\` (with a comment), or ${cmd('stop ID')} to pick one in a form.`,
    commentRequired: ({ experimentId }) =>
      md`A comment is required when the reason is Other, for example ${cmd(`stop ${experimentId ?? 'ID'} other Traffic was misrouted`)}.`,
    unexpectedArgs: ({ command, extra }) =>
      md`${cmd(`${command} ID`)} takes one experiment id; unexpected \`${extra}\`. Nothing was done.`,
    unknownCommand: ({ word, suggestion }) =>
      suggestion === undefined
        ? md`Unknown command \`${word}\`. Type ${cmd('help')} for the list of commands.`
        : md`Unknown command \`${word}\`: did you mean ${cmd(suggestion)}? Type ${cmd('help')} for the list of commands.`,
    notAvailable: ({ command }) => md`${cmd(command)} is not available yet.`,
    seeHelp: md`Type ${cmd('help')} for the list of commands.`,
  },
  connection: {
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
    states: { active: 'Active', invalid: 'Refused by the platform (invalid, expired or revoked)' },
    expiresIn: ({ days: n, date }) =>
      n < 1 ? md`In less than a day (${date})` : md`In ${days(n)} (${date})`,
    expired: ({ date }) => md`Expired (${date})`,
    expiryUnknown: md`Unknown: the token does not say`,
    scopesUnknown: md`Not stated by the token`,
    connectedBy: ({ user, date }) => {
      if (user === undefined) return md`The server configuration`;
      return date === undefined ? user : md`${user}, ${date}`;
    },
    expiringSoon: ({ days: n }) =>
      md`:warning: The platform token expires in ${n < 1 ? md`less than a day` : days(n)}. An admin should create a new token and run ${cmd('connect')} again.`,
    expiredWarning: md`:warning: The platform token has expired. An admin must create a new token and run ${cmd('connect')}.`,
    invalidWarning: md`:warning: The platform refused this token. An admin must create a new token and run ${cmd('connect')}.`,
    tokenNeverShown: md`The token itself is stored encrypted and never shown.`,
  },
  modals: {
    cancel: 'Cancel',
    loadingTitle: 'Loading…',
    loadingText: md`Loading…`,
    stop: {
      title: 'Stop experiment',
      submit: 'Stop',
      intro: ({ experimentId }) =>
        md`You are stopping experiment *${experimentId}*. The result is posted in the channel.`,
      reasonLabel: 'Reason',
      reasonPlaceholder: 'Choose a reason',
      commentLabel: 'Comment',
      commentPlaceholder: 'What happened?',
      commentHint: 'Required when the reason is Other.',
      commentRequiredForOther: 'A comment is required when the reason is Other.',
    },
    connect: {
      title: 'Connect platform',
      submit: 'Connect',
      intro: md`Connect this workspace to the experiment platform with an API token. Create the token in the platform: settings → connections → API tokens, with the read and manage scopes.`,
      baseUrlLabel: 'Platform base URL',
      baseUrlPlaceholder: 'https://your-host.example.com',
      baseUrlHint: 'The address issued to your organisation, without /api/console.',
      tokenLabel: 'API token',
      tokenPlaceholder: 'Paste the token',
      tokenHint: 'It is stored encrypted and never shown again. Slack shows it while you type.',
      baseUrlInvalid: 'Enter an http(s) URL, for example https://your-host.example.com',
      tokenRequired: 'Paste the API token.',
      tokenRejected: 'The platform refused this token (invalid, expired or revoked).',
    },
  },
};
