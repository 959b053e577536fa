import { DICTIONARY_DESCRIPTIONS } from '../../console/dictionaries/names.js';
import { MANAGE_SCOPE, READ_SCOPE } from '../../console/scopes.js';
import { code, escapeMrkdwn, joinSafe, md, type SafeText } from '../blocks/escape.js';
import { approvalMessages } from './en-approvals.js';
import { auditMessages } from './en-audit.js';
import { experimentCardMessages, experimentEditMessages, experimentListMessages } from './en-experiments.js';
import { homeMessages } from './en-home.js';
import { hookMessages } from './en-hooks.js';
import { identityMessages } from './en-identity.js';
import { policyMessages } from './en-policy.js';
import { alertMessages, subscriptionMessages, tokenHealthMessages } from './en-subscriptions.js';
import type {
  ActionContext,
  DictMessages,
  ExperimentModalMessages,
  Messages,
  SplitterMessages,
} from './types.js';

const cmd = (text: string): SafeText => md`\`/exp ${escapeMrkdwn(text)}\``;
/** How to find out before acting again: the experiment's card when the id is known. */
const checkFirst = (experimentId: number | undefined): SafeText =>
  experimentId === undefined
    ? md`Check ${cmd('list')} (or the platform) before retrying.`
    : md`Check with ${cmd(`show ${experimentId}`)} before retrying.`;
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
  sandboxNotice: md`:test_tube: Demo: this app is connected to its embedded *sandbox* platform, not a real one. Nothing here changes real experiments.`,
  locale: 'en',
  dict: dictMessages(),
  splitter: splitterMessages(),
  experimentModal: experimentModalMessages(),
  experimentEdit: experimentEditMessages(),
  subscriptions: subscriptionMessages(),
  tokenHealth: tokenHealthMessages(),
  alerts: alertMessages(),
  experimentCard: experimentCardMessages(),
  experimentList: experimentListMessages(),
  policy: policyMessages(),
  audit: auditMessages(),
  identity: identityMessages(),
  hooks: hookMessages(),
  home: homeMessages(),
  approvals: approvalMessages(),
  experiments: {
    created: ({ user, experimentId, name }) =>
      experimentId === undefined
        ? md`${user} created experiment *${name}*. The platform did not return its id: look it up before starting it.`
        : md`${user} created experiment *${experimentId}* (${name}). Start it with ${cmd(`start ${experimentId}`)} or the button below.`,
    updated: ({ user, experimentId, fields }) => md`${user} updated experiment *${experimentId}*: ${fields}.`,
    nothingChanged: ({ experimentId }) =>
      md`Nothing to save: experiment *${experimentId}* already has these values.`,
    stillWorkingTitle: 'Saving…',
    stillWorking: md`The platform is taking longer than Slack waits for a form. You can close this window: the result will be posted in the channel.`,
    prefilledFromRecord: ({ experimentId }) =>
      md`This platform offers no way to read experiment *${experimentId}*: the form starts from what the app has seen (name and type). Only the fields you change or fill in are sent.`,
    unreadable: ({ experimentId }) =>
      md`Experiment *${experimentId}* could not be read, so the form starts empty: only the fields you fill in are sent.`,
    platformRefused: ({ detail }) => `The platform refused this: ${detail}`.slice(0, 2000),
    loadFailedTitle: 'Cannot open the form',
    loadingOption: 'Still loading the list… type again in a moment',
    unavailableOption: "The app's store is unavailable: no choices now. Try again in a moment",
  },
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
      { key: 'help', usage: '/exp help', description: md`This help.` },
      {
        key: 'show',
        usage: '/exp show ID',
        description: md`What the app knows of an experiment: status and where it came from, recent actions, next steps.`,
      },
      {
        key: 'list',
        usage: '/exp list [filter]',
        description: md`The experiments this workspace has seen, most recent first; filter by id, name, team or status.`,
      },
      {
        key: 'start',
        usage: '/exp start ID',
        description: md`Start an experiment. The result is posted in the channel.`,
      },
      {
        key: 'stop',
        usage: '/exp stop ID',
        description: md`Stop an experiment: opens a form with the reason and a comment.`,
      },
      {
        key: 'stopWithReason',
        usage: '/exp stop ID REASON [comment…]',
        description: md`Stop without the form. REASON is \`sequential\`, \`critical\`, \`bug\` or \`other\` (a comment is required for \`other\`).`,
      },
      { key: 'archive', usage: '/exp archive ID', description: md`Archive a stopped experiment.` },
      { key: 'unarchive', usage: '/exp unarchive ID', description: md`Bring an archived experiment back.` },
      {
        key: 'dict',
        usage: '/exp dict [NAME [filter]]',
        description: md`List the dictionaries, or the values of one, filtered. Add \`--refresh\` to reload it.`,
      },
      {
        key: 'create',
        usage: '/exp create',
        description: md`Create an experiment with pickers filled from the dictionaries.`,
      },
      { key: 'edit', usage: '/exp edit ID', description: md`Edit an experiment.` },
      {
        key: 'features',
        usage: '/exp features TAG PLATFORM PARTICIPANT',
        description: md`Which groups a user or visitor gets in the experiments with a tag.`,
      },
      {
        key: 'expose',
        usage: '/exp expose LABEL PLATFORM PARTICIPANT',
        description: md`Register an exposure, after a confirmation.`,
      },
      {
        key: 'policy',
        usage: '/exp policy',
        description: md`Who may do what here (anyone can read it; admins change it with the button or \`/exp policy set …\`).`,
      },
      {
        key: 'identity',
        usage: '/exp login · logout · whoami',
        description: md`Act under your own platform token (so the platform's records name you), remove it, or see whose token your actions use.`,
      },
      {
        key: 'audit',
        usage: '/exp audit [ID] [--user @someone]',
        description: md`Who tried to do what, allowed or refused, and what came of it (admins).`,
      },
      {
        key: 'hooks',
        usage: '/exp hooks [rotate]',
        description: md`Where the platform, CI or a scheduler posts lifecycle events, and the secret that signs them (admins).`,
      },
      {
        key: 'connection',
        usage: '/exp connect · token · disconnect',
        description: md`Connect this workspace to the platform, see the token's expiry, disconnect (admins).`,
      },
      {
        key: 'follow',
        usage: '/exp follow [ID] · unfollow ID',
        description: md`Get an experiment's lifecycle in your direct messages with the app (not your own actions); without an id, what you follow.`,
      },
      {
        key: 'subscriptions',
        usage:
          '/exp subscribe [#channel] [team:NAME] [type:TYPE] [experiment:ID] [events:LIST] · unsubscribe [same] · subscriptions',
        description: md`Send experiment alerts to a channel (this one by default), for one team, type or experiment, and only some events (\`start\` \`stop\` \`archive\` \`unarchive\` \`create\` \`edit\` \`status\`); stop them; list them with Remove buttons.`,
      },
    ],
    examplesTitle: md`*Examples*`,
    examples: [
      '/exp start 123',
      '/exp stop 123',
      '/exp stop 123 bug Wrong traffic split on iOS',
      '/exp archive 123',
      '/exp dict layers',
      '/exp subscribe events:stop,archive',
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
    interrupted: ({ user, action, experimentId, when }) =>
      md`:warning: The app stopped while it was sending *${escapeMrkdwn(action)}* on experiment *${experimentId}* for ${user} (${when}), before the platform answered: whether it was applied is unknown. Check with \`/exp show ${experimentId}\` before retrying.`,
    interruptedWhileTelling: ({ user, action, experimentId, when, done }) =>
      done
        ? md`:information_source: ${user}'s *${escapeMrkdwn(action)}* on experiment *${experimentId}* (${when}) was applied by the platform. The app restarted while saying so here, so this may repeat an earlier message. \`/exp show ${experimentId}\` shows the experiment now.`
        : md`:information_source: ${user}'s *${escapeMrkdwn(action)}* on experiment *${experimentId}* (${when}) was not applied: the platform refused it. The app restarted while saying so here, so this may repeat an earlier message. \`/exp show ${experimentId}\` shows why.`,
    interruptedBeforeSending: ({ user, action, experimentId, when }) =>
      md`:warning: The app stopped after acknowledging *${escapeMrkdwn(action)}* on experiment *${experimentId}* for ${user} (${when}) and before sending it: nothing was sent to the platform. Run it again if it is still wanted.`,
    stopDetails: ({ reason, comment }) => {
      const lines: SafeText[] = [];
      if (reason !== undefined) lines.push(md`*Reason:* ${reason}`);
      if (comment !== undefined) lines.push(md`*Comment:* ${comment}`);
      return joinSafe(lines);
    },
    conflict: ({ action, user, experimentId, status }) =>
      status === undefined
        ? md`${user} tried to *${word(action)}* experiment *${experimentId}*, but the platform refused it in the experiment's current status.`
        : md`${user} tried to *${word(action)}* experiment *${experimentId}*, but the platform refused: current status is \`${status}\`.`,
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
    storeUnavailable: (p = {}) =>
      p.action === undefined
        ? md`The app cannot reach its own store just now, so it did not act: nothing was sent to the platform. Try again in a moment; if it lasts, tell whoever runs the app.`
        : md`The app cannot reach its own store just now, so ${p.action}${p.experimentId === undefined ? md`` : md` on experiment *${p.experimentId}*`} was not sent to the platform: nothing changed. Try again in a moment; if it lasts, tell whoever runs the app.`,
    busy: ({ action, experimentId }) =>
      md`Too many actions are in progress in this app right now, so ${action} on experiment *${experimentId}* was not sent: nothing changed. Try again in a minute.`,
    forbidden: md`The platform refused this request (HTTP 403) without saying the token is invalid: a gateway, a firewall or one of its rules may stand in the way. Nothing changed, and the connection is left as it is. Try again later, or ask the platform team what refuses it.`,
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
        : md`The platform answered ${operation(p)} with ${http}: whether it was applied is unknown. ${checkFirst(p.experimentId)}`;
    },
    unexpectedResponse: (p) =>
      p.action === undefined
        ? md`The platform's answer could not be understood (a gateway's page, or another shape than expected), so nothing is shown and nothing was changed. Try again in a moment; if it lasts, an admin can check the connection with ${cmd('token')}.`
        : md`The platform's answer to ${operation(p)} could not be understood (a gateway's page, or another shape than expected): whether it was applied is unknown. ${checkFirst(p.experimentId)}`,
    timeout: md`The platform did not answer in time. Nothing changed.`,
    connection: md`Could not reach the experiment platform. Nothing changed. Try again later; an admin can check the connection with ${cmd('token')}.`,
    outcomeUnknown: (p) => {
      const why = {
        timeout: md`The platform did not answer in time`,
        connection: md`The connection to the platform was lost`,
        server:
          p.status === undefined
            ? md`The platform failed after receiving it`
            : md`The platform failed (HTTP ${p.status}) after receiving it`,
        response: md`The platform's answer could not be understood`,
      }[p.cause];
      return md`${why}: the outcome of ${operation(p)} is unknown — it may or may not have been applied. ${checkFirst(p.experimentId)}`;
    },
    invalidRequest: ({ issues }) =>
      md`The request was refused before reaching the platform: ${issues}. Nothing changed.`,
    unexpected: (p) =>
      p.action === undefined
        ? md`Something went wrong while handling the command. Nothing is known to have changed.`
        : md`Something went wrong while running ${operation(p)}: the outcome is unknown. ${checkFirst(p.experimentId)}`,
  },
  input: {
    missingId: ({ command }) =>
      md`${cmd(`${command} ID`)} needs an experiment id, for example ${cmd(`${command} 123`)}.`,
    badId: ({ got }) => md`Experiment ids are positive integers: got \`${got}\`.`,
    badReason: ({ got }) =>
      md`Unknown stop reason \`${got}\`. Use \`sequential\`, \`critical\`, \`bug\` or \`other\`, each with an optional comment, or ${cmd('stop ID')} to pick one in a form.`,
    commentRequired: ({ experimentId }) =>
      md`A comment is required when the reason is Other, for example ${cmd(`stop ${experimentId ?? 'ID'} other Traffic was misrouted`)}.`,
    unexpectedArgs: ({ command, extra }) =>
      md`${cmd(`${command} ID`)} takes one experiment id; unexpected \`${extra}\`. Nothing was done.`,
    unknownCommand: ({ word, suggestion }) =>
      suggestion === undefined
        ? md`Unknown command \`${word}\`. Type ${cmd('help')} for the list of commands.`
        : md`Unknown command \`${word}\`: did you mean ${cmd(suggestion)}? Type ${cmd('help')} for the list of commands.`,
    seeHelp: md`Type ${cmd('help')} for the list of commands.`,
    tooLong: ({ length, max }) =>
      md`That command is ${length} characters long; ${cmd('…')} takes at most ${max}. Nothing was done. Type ${cmd('help')} for the list of commands.`,
    unreadableButton: md`This button could not be read, so nothing was sent to the platform. Use the command instead, e.g. ${cmd('help')}.`,
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
    states: {
      active: 'Active',
      invalid: 'Refused by the platform (invalid, expired or revoked)',
      unreadable: "Unreadable with this server's encryption keys",
    },
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
    unreadableWarning: md`:warning: This stored connection cannot be decrypted with the server's keys (\`TOKEN_ENCRYPTION_KEY\` changed without the old key in \`TOKEN_ENCRYPTION_OLD_KEYS\`). Nothing runs under it, and nothing else stands in. An admin must run ${cmd('connect')} again.`,
    invalidWarning: md`:warning: The platform refused this token. An admin must create a new token and run ${cmd('connect')}.`,
    tokenNeverShown: md`The token itself is stored encrypted and never shown.`,
    scopesLacking: ({ scopes }) =>
      md`:warning: This token lacks ${scopes}, so the platform will refuse what needs it: dictionaries need ${code(READ_SCOPE)}; start, stop, archive and unarchive need ${code(MANAGE_SCOPE)}. An admin can run ${cmd('connect')} again with a token that has them.`,
    scopesNotStated: md`The token does not list its scopes, so the app cannot tell which it has: dictionaries need ${code(READ_SCOPE)}; start, stop, archive and unarchive need ${code(MANAGE_SCOPE)}; creating and editing experiments need the platform's create and update rights.`,
  },
  modals: {
    cancel: 'Cancel',
    loadingTitle: 'Loading…',
    loadingText: md`Loading…`,
    expired: 'This form can no longer be used. Close it and run the command again.',
    forged:
      'This form was not opened for you by the app, or was changed since. Nothing was done, and the attempt was recorded. Close it and run the command again.',
    openFailed: ({ error }) =>
      md`Slack did not open the form (${error}). Nothing changed. Run the command again; a form must open within 3 seconds of it.`,
    stop: {
      title: 'Stop experiment',
      submit: 'Stop',
      intro: ({ experimentId, name, status }) => {
        const what =
          name === undefined ? md`experiment *${experimentId}*` : md`experiment *${experimentId}* · ${name}`;
        const now = status === undefined ? md`` : md` It is \`${status}\` as far as the app knows.`;
        return md`You are stopping ${what}.${now} The result is posted in the channel.`;
      },
      reasonLabel: 'Reason',
      noReason: 'No reason given',
      reasonPlaceholder: 'Choose a reason',
      commentLabel: 'Comment',
      commentPlaceholder: 'What happened?',
      commentHint: 'Required when the reason is Other.',
      commentRequiredForOther: 'A comment is required when the reason is Other.',
      reasonRequired: 'Choose why the experiment is being stopped.',
    },
    connect: {
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
      notAPlatform:
        'This URL does not look like the experiment platform (no console API under /api/console).',
    },
  },
};

// `/exp dict`, `/exp features` and `/exp expose`. Function declarations are hoisted, so `en` above
// can call them while this block stays apart from the rest of the catalogue.

function count(n: number): SafeText {
  return escapeMrkdwn(n.toLocaleString('en-US'));
}

function dictMessages(): DictMessages {
  return {
    descriptions: DICTIONARY_DESCRIPTIONS,
    listHeader: 'Dictionaries',
    listIntro: md`The values experiments may use, read from the platform and cached. Open one with ${cmd('dict NAME [filter]')}.`,
    listLine: ({ name, description }) => md`• \`${word(name)}\`: ${description} ${cmd(`dict ${name}`)}`,
    listExamples: md`Filter by label or value: ${cmd('dict teams search')}. To reload a dictionary from the platform, add \`--refresh\`: ${cmd('dict layers --refresh')}.`,
    listFallback: ({ names }) => md`Dictionaries: ${names}. Open one with ${cmd('dict NAME')}.`,
    unknownName: ({ input, suggestion }) =>
      suggestion === undefined
        ? md`There is no dictionary \`${input}\`. ${cmd('dict')} lists them all.`
        : md`There is no dictionary \`${input}\`. Did you mean ${cmd(`dict ${suggestion}`)}? ${cmd('dict')} lists them all.`,
    pageHeader: ({ name }) => `Dictionary: ${name}`,
    showing: ({ from, to, total, filter, page, pages }) => {
      const matching = filter === undefined ? md`` : md` matching \`${filter}\``;
      return md`Showing ${count(from)}–${count(to)} of ${count(total)}${matching} (page ${count(page)} of ${count(pages)}).`;
    },
    empty: ({ name, filter }) =>
      filter === undefined
        ? md`${word(name)} is empty: the platform returned no entries.`
        : md`No entries match \`${filter}\` in ${word(name)}.`,
    cachedAt: ({ date }) => md`Cached at ${date}.`,
    refreshHint: ({ name, args }) =>
      md`To reload from the platform: \`/exp dict ${word(name)}${args === undefined ? md`` : md` ${args}`} --refresh\``,
    scopeNote: ({ experimentId, domainId }) => {
      const parts = [
        experimentId === undefined ? undefined : md`experiment ${experimentId}`,
        domainId === undefined ? undefined : md`domain ${domainId}`,
      ].filter((part) => part !== undefined);
      return md`Read for ${joinSafe(parts, md`, `)}.`;
    },
    warnings: ({ count: n, detail }) =>
      md`:warning: ${count(n)} part${n === 1 ? md`` : md`s`} of the platform's answer could not be read exactly: ${detail}`,
    groupHeading: ({ group }) => md`*${group}*`,
    ungroupedHeading: md`*Without a group*`,
    participantListHeadings: { allowed: md`*Allowed lists*`, excluded: md`*Excluded lists*` },
    inGroup: ({ group }) => md`in ${group}`,
    paramStatus: {
      draft: md`cannot be used in segment filters`,
      active: md`available for filtering`,
      archived: md`cannot be used in new filters; existing filters keep working`,
      deleted: md`unavailable in new and existing filters`,
    },
    paramStatusUnknown: md`status not documented`,
    operatorsTitle: md`*Operators*`,
    applicabilityTitle: md`*Where operators apply*`,
    shapeNote: md`(as the platform sent them)`,
    notProvided: md`not provided`,
    previous: '‹ Previous',
    next: 'Next ›',
  };
}

function splitterMessages(): SplitterMessages {
  const exposure = (outcomeUnknown: boolean): SafeText =>
    outcomeUnknown
      ? md`whether the exposure was registered is unknown. Check the experiment before retrying.`
      : md`nothing was registered.`;
  return {
    platform: ({ id, name }) => name ?? md`platform ${id}`,
    participant: ({ userId, visitorId }) => {
      if (userId !== undefined && visitorId !== undefined)
        return md`user ${userId} (visitor \`${visitorId}\`)`;
      if (userId !== undefined) return md`user ${userId}`;
      return visitorId === undefined ? md`the participant` : md`visitor \`${visitorId}\``;
    },
    featuresTitle: ({ count: n, tag, platform, participant }) =>
      md`*${count(n)} feature${n === 1 ? md`` : md`s`}* for ${participant} on ${platform} with tag \`${tag}\`:`,
    featureLine: ({ experiment, group }) => md`• experiment \`${experiment}\` → group \`${group}\``,
    noFeatures: ({ tag, platform, participant }) =>
      md`No features for ${participant} on ${platform} with tag \`${tag}\`.`,
    moreNotShown: ({ count: n }) => md`…and ${count(n)} more not shown.`,
    warning: ({ text }) => md`:warning: ${text}`,
    expose: {
      confirmText: ({ label, platform, participant }) =>
        md`Register an exposure of ${participant} in experiment \`${label}\` on ${platform}?`,
      statsWarning: md`:warning: An exposure counts the participant in the experiment and changes its statistics. It cannot be undone from Slack.`,
      confirmButton: 'Register exposure',
      cancelButton: 'Cancel',
      done: ({ label, platform, participant, user }) =>
        user === undefined
          ? md`Exposure registered: ${participant} in experiment \`${label}\` on ${platform}.`
          : md`${user} registered an exposure of ${participant} in experiment \`${label}\` on ${platform}.`,
      cancelled: ({ label }) =>
        label === undefined
          ? md`Cancelled: no exposure was registered.`
          : md`Cancelled: no exposure was registered in experiment \`${label}\`.`,
      tooLong: md`The experiment label or the participant is too long to confirm from Slack. Nothing was registered.`,
    },
    errors: {
      api: ({ method, status, kind, quoted }) => {
        const why = kind === undefined ? md`HTTP ${status}` : md`HTTP ${status}, kind \`${kind}\``;
        const said = quoted ? md` Details:` : md``;
        if (method === 'getFeaturesByTag') return md`The splitter refused the lookup (${why}).${said}`;
        // The interface gives 400 for bad input; a 5xx may have failed before or after recording.
        return status < 500
          ? md`The splitter refused the exposure (${why}): nothing was registered.${said}`
          : md`The splitter failed on the exposure (${why}): ${exposure(true)}${said}`;
      },
      timeout: ({ method, outcomeUnknown }) =>
        method === 'getFeaturesByTag'
          ? md`The splitter did not answer in time. Try again later.`
          : md`The splitter did not answer in time: ${exposure(outcomeUnknown)}`,
      connection: ({ method, outcomeUnknown, code }) => {
        const detail = code === undefined ? md`` : md` (\`${code}\`)`;
        if (method === 'getFeaturesByTag') return md`Could not reach the splitter${detail}. Try again later.`;
        return outcomeUnknown
          ? md`The connection to the splitter was lost${detail}: ${exposure(true)}`
          : md`Could not reach the splitter${detail}: ${exposure(false)}`;
      },
      response: ({ method, status }) =>
        method === 'getFeaturesByTag'
          ? md`The splitter answered (HTTP ${status}) with something the bot could not read.`
          : md`The splitter answered the exposure (HTTP ${status}) with an unexpected body: ${exposure(true)}`,
      request: ({ issues }) =>
        md`The request was refused before reaching the splitter: ${issues}. Nothing was sent.`,
      unexpected: ({ method }) =>
        method === 'exposeManyV2'
          ? md`Something went wrong while registering the exposure: ${exposure(true)}`
          : md`Something went wrong while asking the splitter. Nothing changed.`,
      notConfigured: md`This app has no splitter configured, so it cannot look up or register assignments. Ask whoever runs it to set \`SPLITTER_URL\`. Nothing was sent.`,
    },
    usage: {
      features: md`Usage: \`/exp features TAG PLATFORM PARTICIPANT\`: which groups a participant gets in the experiments with a tag.`,
      expose: md`Usage: \`/exp expose LABEL PLATFORM PARTICIPANT\`: register an exposure of a participant in the experiment LABEL, after a confirmation.`,
      arguments: md`PLATFORM is \`1\`, \`4\`, \`5\`, \`6\`, \`desktop\`, \`ios\`, \`android\` or \`mobile\`. PARTICIPANT is \`user:ID\`, \`visitor:ID\` or a bare user id.`,
      featuresExample: md`Example: ${cmd('features checkout ios user:42')}`,
      exposeExample: md`Example: ${cmd('expose checkout_button_color android visitor:3f9a')}`,
      problem: ({ error }) => md`:x: ${error}`,
    },
  };
}

function experimentModalMessages(): ExperimentModalMessages {
  return {
    createTitle: 'New experiment',
    // "Edit experiment " leaves 8 characters of the 24 for the id: longer ids get the short form.
    editTitle: ({ experimentId }) =>
      String(experimentId).length <= 8 ? `Edit experiment ${experimentId}` : `Edit #${experimentId}`,
    createSubmit: 'Create',
    editSubmit: 'Save',
    createIntro: md`Every picker offers only values from the platform's dictionaries. Fields appear as your choices need them.`,
    editIntro: ({ experimentId }) =>
      md`Editing experiment *${experimentId}*. Only the fields you change are sent to the platform.`,
    labels: {
      name: 'Name',
      label: 'Label',
      description: 'Description',
      type: 'Experiment type',
      retroType: 'Retro analysis based on',
      parentExperimentId: 'Parent experiment id',
      switchbackStrategy: 'Switchback strategy',
      markupScopeType: 'Markup',
      segments: 'Audience filters (context params)',
      exposure: 'Exposure',
      propagateExposureDays: 'Exposure propagates for (days)',
      statisticalMethod: 'Statistical method',
      team: 'Team',
      participantType: 'Participant type',
      layer: 'Layer',
      holdout: 'Holdout',
      domain: 'Domain',
      metrics: 'Metrics',
      presetName: 'Metric preset',
      tags: 'Tags',
      allowedParticipantLists: 'Allowed participant lists',
      excludedParticipantLists: 'Excluded participant lists',
    },
    hints: {
      label: 'How clients and the splitter name the experiment. Left empty, the platform chooses.',
      parentExperimentId: 'The id of the A/B experiment this retro analysis is based on.',
      segments:
        'Only active params are offered, and archived ones this experiment already filters on. Each one then asks for an operator and values.',
      domain: 'Changing the domain changes the layers and audience filters on offer.',
      metrics: 'Type to search.',
    },
    selectPlaceholder: 'Choose',
    searchPlaceholder: 'Type to search',
    types: {
      regular: 'Regular A/B experiment',
      retro: 'Retro analysis on historical data',
      switchback: 'Switchback (groups alternate over time)',
      dfp: 'DFP (external advertising)',
      dfp_filler: 'DFP filler (service)',
      holdout_analyzer: 'Holdout analyzer',
      crm: 'CRM communications',
    },
    markupScopeTypes: {
      incoming_traffic: 'All incoming traffic',
      event: 'By event (audience filters)',
      segment: 'By participant lists (segment)',
    },
    exposures: { all: 'All (no day limit)', days: 'For a number of days' },
    statisticalMethods: { frequentist: 'Frequentist', bayesian: 'Bayesian' },
    retroTypes: {
      parent_experiment: 'An existing A/B experiment',
      lists: 'Participant lists',
      participant_source: 'A participant source',
    },
    switchbackStrategies: { DETERMINISTIC_RANDOM: 'Deterministic random' },
    segmentPredicateLabel: ({ param }) => `${param}: operator`,
    segmentValuesLabel: ({ param }) => `${param}: values`,
    segmentValuesHint: 'Separate several values with commas or new lines.',
    ungrouped: 'Other',
    dictionaryEmpty: 'The platform returned no values for this field.',
    notOffered: ({ values }) => `Current value not on offer any more: ${values}. Choose again.`,
    errors: {
      required: 'Required.',
      invalid: 'This value cannot be used.',
      too_long: 'Too long.',
      obsolete_type: 'Ad hoc experiments are obsolete: choose another type.',
      not_offered: 'This value is not on offer here: choose one of those offered.',
      positive_integer: 'Enter a whole number greater than 0.',
      segments_required: 'Choose at least one audience filter when markup is by event.',
      segment_incomplete: 'Each filter needs an operator and at least one value.',
      lists_overlap: 'A list cannot be both allowed and excluded.',
    },
  };
}
