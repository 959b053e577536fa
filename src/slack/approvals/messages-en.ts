import { md } from '../blocks/escape.js';
import { labelMessagesEn } from '../labels/messages-en.js';
import { word } from '../messages/en-format.js';
import type { ApprovalMessages } from './messages.js';

const { actionNouns, actionVerbs } = labelMessagesEn();

export function approvalMessagesEn(): ApprovalMessages {
  return {
    what: ({ action, experiment, exposure }) =>
      action === 'expose'
        ? md`register an exposure of ${exposure ?? md`?`}`
        : md`*${word(actionVerbs[action])}* experiment ${experiment ?? md`?`}`,
    request: ({ user, what, when, details, approvers, expires }) => {
      const at = when === undefined ? md`` : md` at ${when}`;
      const head = md`:raised_hand: ${user} asks to ${what}${at}.`;
      const ask = md`It needs someone else's approval: ${approvers} may approve until ${expires}.`;
      return details === undefined ? md`${head} ${ask}` : md`${head}\n${details}\n${ask}`;
    },
    asked: ({ user, what, when }) =>
      when === undefined ? md`${user} asked to ${what}.` : md`${user} asked to ${what} at ${when}.`,
    ownRequest: md`You asked for this one: someone else who may approve it has to. Nothing changed.`,
    already: ({ state, by }) =>
      state === 'approved'
        ? md`This request was already approved${by === undefined ? md`` : md` by ${by}`}: nothing more was done.`
        : state === 'rejected'
          ? md`This request was already rejected${by === undefined ? md`` : md` by ${by}`}: nothing was done.`
          : md`This request no longer waits (it ran, was taken back or expired): nothing was done.`,
    notFound: md`This request is no longer known (it ended long ago, or the app was reinstalled). Nothing ran.`,
    notApprover: ({ approvers }) =>
      md`You may not approve or reject this request: ${approvers} may (never the person who asked, a guest or someone from another organisation). Nothing changed.`,
    wouldBeRefused: ({ why }) =>
      md`Approving would not let it run now: ${why} It still waits; approve it once that is mended.`,
    requesterNoToken: ({ requester, action }) =>
      md`This workspace's policy runs *${word(actionNouns[action])}* under the requester's own platform token, and ${requester} has none now, so nothing ran and the request is still open. They can add one with \`/exp login\`.`,
    requesterNotAllowed: ({ requester, action }) =>
      md`${requester} asked for this, but this workspace's policy no longer lets them *${word(actionVerbs[action])}* from there (\`/exp policy\` shows who may), or Slack could not say who they are just now. Nothing ran and the request is still open.`,
    approveButton: 'Approve',
    rejectButton: 'Reject…',
  };
}
