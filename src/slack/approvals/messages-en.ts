import { escapeMrkdwn, md } from '../blocks/escape.js';
import type { ApprovalMessages } from './messages.js';

export function approvalMessagesEn(): ApprovalMessages {
  return {
    what: ({ action, experimentId, exposure }) =>
      action === 'expose'
        ? md`register an exposure of ${exposure ?? md`?`}`
        : md`*${escapeMrkdwn(action)}* experiment *${experimentId ?? 0}*`,
    request: ({ user, what, details, approvers, expires }) =>
      details === undefined
        ? md`:raised_hand: ${user} asks to ${what}. It needs someone else's approval: ${approvers} may approve until ${expires}.`
        : md`:raised_hand: ${user} asks to ${what}.\n${details}\nIt needs someone else's approval: ${approvers} may approve until ${expires}.`,
    asked: ({ user, what }) => md`${user} asked to ${what}.`,
    waiting: ({ what }) =>
      md`Your request to ${what} is posted in the channel. It runs once someone else who may do it approves; nothing has run yet.`,
    approved: ({ requester, approver, outcome }) =>
      md`:white_check_mark: Approved by ${approver} (asked by ${requester}). ${outcome}`,
    toldApprover: ({ approver }) => md`${approver} was told what became of it.`,
    rejected: ({ requester, approver, what }) =>
      md`:no_entry_sign: Rejected by ${approver}: ${requester}'s request to ${what} did not run.`,
    expired: ({ requester, what }) =>
      md`:hourglass: ${requester}'s request to ${what} expired unanswered. Nothing ran.`,
    ownRequest: md`You asked for this one: someone else who may do it has to approve it. Nothing ran.`,
    already: ({ state, by }) =>
      state === 'approved'
        ? md`This request was already approved by ${by}: nothing more was done.`
        : md`This request was already rejected by ${by}: nothing was done.`,
    notFound: md`This request is no longer known (it expired long ago, or the app was reinstalled). Nothing ran.`,
    requesterNoToken: ({ requester, action }) =>
      md`This workspace's policy runs ${action} under the requester's own platform token, and ${requester} has none now, so nothing ran and the request is still open. They can add one with \`/exp login\`.`,
    requesterNotAllowed: ({ requester, action }) =>
      md`${requester} asked for this, but this workspace's policy no longer lets them ${action} from there (\`/exp policy\` shows who may), or Slack could not say who they are just now. Nothing ran and the request is still open.`,
    approveButton: 'Approve',
    rejectButton: 'Reject',
  };
}
