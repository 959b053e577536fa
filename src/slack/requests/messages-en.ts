import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import { cmd } from '../messages/en-format.js';
import type { RequestMessages } from './messages.js';

const REFUSALS = {
  workspace: () => md`This app serves another Slack workspace than the one this came from.`,
  'workspace-unknown': () =>
    md`Slack could not say which workspace this app serves just now; try again in a moment.`,
  left: ({ user }: { user: SafeText }) => md`${user} is no longer in this workspace.`,
  'not-in-channel': ({ user, channel }: { user: SafeText; channel: SafeText }) =>
    md`${user} is not in ${channel}, and an action there is for its members (its results and its own platform connection are theirs).`,
  'channel-hidden': ({ channel }: { user: SafeText; channel: SafeText }) =>
    md`The app cannot see who is in ${channel} (a private channel it is not in): invite it there, then try again.`,
  'channel-unknown': ({ user, channel }: { user: SafeText; channel: SafeText }) =>
    md`Slack could not say whether ${user} is in ${channel} just now; try again in a moment.`,
  schedule: ({ user }: { user: SafeText }) =>
    md`This workspace's policy no longer lets ${user} schedule actions (${cmd('policy')} shows who may).`,
  'stop-reason': () => md`This workspace's policy needs a reason for a stop.`,
  'approval-required': () =>
    md`This workspace's policy now needs a second person's approval for it, and nobody approved this one; ask again to request approval.`,
  approver: () => md`Whoever approved it may no longer approve it under the policy now.`,
  'approval-lapsed': () => md`Its approval lapsed before it could run.`,
} as const;

export function requestMessagesEn(): RequestMessages {
  return {
    awaitingApproval: ({ what, approvers, channel, when, cancel }) => {
      const asked =
        when === undefined
          ? md`:raised_hand: Asked: ${what}. It runs once ${approvers} approves it (the request is in ${channel}); nothing has run yet.`
          : md`:raised_hand: Asked: ${what} at ${when}. It runs then if ${approvers} approves it by that time, or within an hour after (the request is in ${channel}); nothing has run yet.`;
      return cancel === undefined
        ? asked
        : md`${asked} ${cmd('schedule')} lists it; ${cancel} takes it back.`;
    },
    duplicate: ({ what, user, when, pending }) => {
      const at = when === undefined ? md`` : md` at ${when}`;
      const state = pending ? md`waiting for approval` : md`scheduled`;
      return md`The same request already waits: ${what}${at}, asked by ${user} (${state}). Nothing new was asked; ${cmd('schedule')} lists it.`;
    },
    full: md`Too many requests are waiting in this workspace already, so nothing was asked. ${cmd('schedule')} lists them; take back what is no longer wanted.`,
    refusal: ({ refusal, user, channel }) => md`${REFUSALS[refusal]({ user, channel })} Nothing was done.`,
    notRun: ({ what, user, when, why }) =>
      when === undefined
        ? md`:no_entry_sign: ${what}, asked by ${user}, did not run. ${why}`
        : md`:no_entry_sign: ${what}, scheduled by ${user} for ${when}, did not run. ${why}`,
    mayRepeat: md`_The app restarted while telling this, so it may repeat an earlier message._`,
    toRequester: {
      approvedForLater: ({ what, approver, when }) =>
        md`:white_check_mark: ${approver} approved your request to ${what}. It runs at ${when}, checked again then.`,
      approvedNow: ({ what, approver, channel }) =>
        md`:white_check_mark: ${approver} approved your request to ${what}; it ran as you asked. The result is in ${channel}.`,
      rejected: ({ what, approver, reason }) =>
        reason === undefined
          ? md`:no_entry_sign: ${approver} rejected your request to ${what}. Nothing ran.`
          : md`:no_entry_sign: ${approver} rejected your request to ${what}. Nothing ran.\n*Their reason:* ${reason}`,
      expired: ({ what }) =>
        md`:hourglass: Your request to ${what} expired: nobody approved it in time. Nothing ran; ask again if it is still wanted.`,
      cancelled: ({ what, user }) =>
        md`:wastebasket: ${user} took back your request to ${what}. Nothing ran.`,
      interrupted: ({ what, experimentId }) =>
        experimentId === undefined
          ? md`:warning: The app stopped while it was running your request to ${what}: whether it reached the platform is unknown.`
          : md`:warning: The app stopped while it was running your request to ${what}: whether it reached the platform is unknown. Check with ${cmd(`show ${experimentId}`)} before asking again.`,
    },
    ended: {
      approvedForLater: ({ approver, when }) =>
        md`:white_check_mark: Approved by ${approver}: it runs at ${when}.`,
      approvedNow: ({ approver, outcome }) =>
        outcome === 'done'
          ? md`:white_check_mark: Approved by ${approver}; it ran as asked (the result is in the experiment's thread).`
          : outcome === 'failed'
            ? md`:white_check_mark: Approved by ${approver}, but it did not go through: ${approver} and the person who asked were told why.`
            : md`:white_check_mark: Approved by ${approver}; whether it went through is unknown: ${approver} and the person who asked were told how to check.`,
      rejected: ({ approver, reason }) =>
        reason === undefined
          ? md`:no_entry_sign: Rejected by ${approver}: nothing ran.`
          : joinSafe([md`:no_entry_sign: Rejected by ${approver}: nothing ran.`, md`*Reason:* ${reason}`]),
      expired: md`:hourglass: Expired unanswered: nothing ran.`,
      cancelled: ({ user }) => md`:wastebasket: Taken back by ${user}: nothing ran.`,
      notRun: ({ why }) => md`:no_entry_sign: It did not run. ${why}`,
      interrupted: md`:warning: The app stopped while running it: whether it reached the platform is unknown.`,
    },
    how: ({ approver, scheduledBy, when, workflow }) => {
      const parts: SafeText[] = [];
      if (scheduledBy !== undefined && when !== undefined)
        parts.push(md`scheduled by ${scheduledBy} for ${when}`);
      if (approver !== undefined) parts.push(md`approved by ${approver}`);
      if (workflow) parts.push(md`from a workflow`);
      return parts.length === 0 ? undefined : md`(${joinSafe(parts, md`; `)})`;
    },
    rejectModal: {
      title: 'Reject request',
      intro: md`Nothing will run. The person who asked is told, with your reason if you give one.`,
      reasonLabel: 'Why (optional)',
      reasonPlaceholder: 'Not during the sale; ask again on Monday',
      submit: 'Reject',
    },
    stopWillAsk: ({ approvers }) =>
      md`:raised_hand: This workspace needs a second person's approval to stop: submitting asks for it, and the stop runs once ${approvers} approves.`,
    requestStopButton: 'Request stop',
  };
}
