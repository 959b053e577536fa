import { isLifecycleAction } from '../../core/lifecycle-action.js';
import { approvalMessagesEn } from '../approvals/messages-en.js';
import { auditMessagesEn } from '../audit/messages-en.js';
import { md, type SafeText } from '../blocks/escape.js';
import { helpMessagesEn } from '../command/messages-en.js';
import {
  connectionMessagesEn,
  connectModalMessagesEn,
  tokenHealthMessagesEn,
} from '../connection/messages-en.js';
import { dictMessagesEn } from '../dictionaries/messages-en.js';
import { digestMessagesEn } from '../digest/messages-en.js';
import {
  experimentCardMessagesEn,
  experimentEditMessagesEn,
  experimentListMessagesEn,
} from '../experiment/messages-en.js';
import { experimentModalMessagesEn, experimentResultMessagesEn } from '../experiment-form/messages-en.js';
import { homeMessagesEn } from '../home/messages-en.js';
import { hookMessagesEn } from '../hooks/messages-en.js';
import { identityMessagesEn } from '../identity/messages-en.js';
import { labelMessagesEn } from '../labels/messages-en.js';
import { actionMessagesEn, lifecycleMessagesEn } from '../lifecycle/messages-en.js';
import { policyMessagesEn } from '../policy/messages-en.js';
import { requestMessagesEn } from '../requests/messages-en.js';
import { scheduleMessagesEn } from '../schedule/messages-en.js';
import { servedWorkspaceMessagesEn } from '../served-workspace/messages-en.js';
import { splitterMessagesEn } from '../splitter/messages-en.js';
import { stopModalMessagesEn } from '../stop/messages-en.js';
import { alertMessagesEn, subscriptionMessagesEn } from '../subscriptions/messages-en.js';
import { workflowStepMessagesEn } from '../workflow-steps/messages-en.js';
import { cmd, count, word } from './en-format.js';
import type { ActionContext, Messages } from './types.js';

// The English catalogue: each feature's texts come from its own folder (<feature>/messages-en.ts);
// the texts every feature shares (errors, input, modal chrome) are written here.

/** How to find out before acting again: the experiment's card when the id is known. */
// Actions inside sentences are named by the label catalogue.
const { actionNouns } = labelMessagesEn();

const checkFirst = (experimentId: number | undefined): SafeText =>
  experimentId === undefined
    ? md`Check ${cmd('list')} (or the platform) before retrying.`
    : md`Check with ${cmd(`show ${experimentId}`)} before retrying.`;

function operation(p: ActionContext): SafeText {
  if (p.action === undefined) return md`the request`;
  const name = word(actionNouns[p.action]);
  return p.experimentId === undefined ? md`*${name}*` : md`*${name}* on experiment *${p.experimentId}*`;
}

export const en: Messages = {
  sandboxNotice: md`:test_tube: Demo: this app is connected to its embedded *sandbox* platform, not a real one. Nothing here changes real experiments.`,
  locale: 'en',
  dict: dictMessagesEn(),
  splitter: splitterMessagesEn(),
  experimentModal: experimentModalMessagesEn(),
  experimentEdit: experimentEditMessagesEn(),
  experiments: experimentResultMessagesEn(),
  subscriptions: subscriptionMessagesEn(),
  digest: digestMessagesEn(),
  tokenHealth: tokenHealthMessagesEn(),
  alerts: alertMessagesEn(),
  experimentCard: experimentCardMessagesEn(),
  experimentList: experimentListMessagesEn(),
  policy: policyMessagesEn(),
  audit: auditMessagesEn(),
  identity: identityMessagesEn(),
  hooks: hookMessagesEn(),
  workflowSteps: workflowStepMessagesEn(),
  servedWorkspace: servedWorkspaceMessagesEn(),
  home: homeMessagesEn(),
  approvals: approvalMessagesEn(),
  schedule: scheduleMessagesEn(),
  requests: requestMessagesEn(),
  actions: actionMessagesEn(),
  labels: labelMessagesEn(),
  help: helpMessagesEn(),
  lifecycle: lifecycleMessagesEn(),
  connection: connectionMessagesEn(),
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
        : md`The app cannot reach its own store just now, so *${word(actionNouns[p.action])}*${p.experimentId === undefined ? md`` : md` on experiment *${p.experimentId}*`} was not sent to the platform: nothing changed. Try again in a moment; if it lasts, tell whoever runs the app.`,
    busy: ({ action, experimentId }) =>
      md`Too many actions are in progress in this app right now, so *${word(actionNouns[action])}* on experiment *${experimentId}* was not sent: nothing changed. Try again in a minute.`,
    forbidden: md`The platform refused this request (HTTP 403) without saying the token is invalid: a gateway, a firewall or one of its rules may stand in the way. Nothing changed, and the connection is left as it is. Try again later, or ask the platform team what refuses it.`,
    insufficientScope: md`The platform token lacks the right for this (HTTP 403). Nothing changed. An admin can reconnect with a token that has the needed scope: ${cmd('connect')}.`,
    conflict: ({ action, experimentId, status }) => {
      const what = operation({ action, experimentId });
      return status === undefined
        ? md`The platform refused ${what} in the experiment's current status. Nothing changed.`
        : md`The platform refused ${what}: current status is ${status}. Nothing changed.`;
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
    listenerFailed: md`The app hit an internal problem before it could answer, so it did not act on this. Try again in a moment.`,
    listenerFailedTitle: 'Not done',
  },
  input: {
    missingId: ({ command }) =>
      md`${cmd(`${command} ID`)} needs an experiment id, for example ${cmd(`${command} 123`)}.`,
    badId: ({ got }) => md`Experiment ids are positive integers: got \`${got}\`.`,
    badReason: ({ got }) =>
      md`Unknown stop reason \`${got}\`. Use \`sequential\`, \`critical\`, \`bug\` or \`other\`, each with an optional comment, or ${cmd('stop ID')} to pick one in a form.`,
    commentRequired: ({ experimentId }) =>
      md`A comment is required when the reason is Other, for example ${cmd(`stop ${experimentId ?? 'ID'} other Traffic was misrouted`)}.`,
    commentTooLong: ({ length, max }) =>
      md`The comment is ${count(length)} characters long; a stop comment takes at most ${count(max)}. Nothing was done: shorten it and send the command again.`,
    unexpectedArgs: ({ command, extra }) =>
      isLifecycleAction(command)
        ? md`${cmd(`${command} ID`)} takes one experiment id, then a time if it is to run later (\`in 3d\`, \`tomorrow 09:00\`, \`at mon 09:00\`); unexpected \`${extra}\`. Nothing was done.`
        : md`${cmd(`${command} ID`)} takes one experiment id; unexpected \`${extra}\`. Nothing was done.`,
    unknownCommand: ({ word, suggestion }) =>
      suggestion === undefined
        ? md`Unknown command \`${word}\`. Type ${cmd('help')} for the list of commands.`
        : md`Unknown command \`${word}\`: did you mean ${cmd(suggestion)}? Type ${cmd('help')} for the list of commands.`,
    seeHelp: md`Type ${cmd('help')} for the list of commands.`,
    tooLong: ({ length, max }) =>
      md`That command is ${length} characters long; ${cmd('…')} takes at most ${max}. Nothing was done. Type ${cmd('help')} for the list of commands.`,
    unreadableButton: md`This button could not be read, so nothing was sent to the platform. Use the command instead, e.g. ${cmd('help')}.`,
  },
  modals: {
    cancel: 'Cancel',
    loadingTitle: 'Loading…',
    notDoneTitle: 'Nothing was done',
    loadingText: md`Loading…`,
    expired: 'This form can no longer be used. Close it and run the command again.',
    forged:
      'This form was not opened for you by the app, or was changed since. Nothing was done, and the attempt was recorded. Close it and run the command again.',
    openFailed: ({ error }) =>
      md`Slack did not open the form (${error}). Nothing changed. Run the command again; a form must open within 3 seconds of it.`,
    stop: stopModalMessagesEn(),
    connect: connectModalMessagesEn(),
  },
};
