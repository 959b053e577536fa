import { escapeMrkdwn, md } from '../blocks/escape.js';
import { cmd } from '../messages/en-format.js';
import type { ScheduleMessages } from './messages.js';

const REFUSALS = {
  unreadable:
    'is not a time this app reads (it reads `in 30m`, `in 2 hours`, `tomorrow 09:00`, `at mon 09:00`, `at 2026-12-01 10:00`)',
  past: 'is in the past',
  'too-far': 'is more than a year ahead',
  'unknown-zone': 'cannot be read in your Slack time zone',
} as const;

export function scheduleMessagesEn(): ScheduleMessages {
  return {
    what: ({ action, experimentId }) => md`*${escapeMrkdwn(action)}* experiment *${experimentId}*`,
    scheduled: ({ what, when, cancel }) =>
      md`:alarm_clock: Scheduled: ${what} at ${when}. ${cmd('schedule')} lists it; ${cancel} cancels it.`,
    scheduledYours: ({ cancel }) =>
      md`To take it back: Cancel, or ${cancel}. ${cmd('schedule')} lists what waits.`,
    announced: ({ user, what, when }) => md`:alarm_clock: ${user} scheduled the app to ${what} at ${when}.`,
    needsApproval: ({ what, when }) =>
      md`${what} at ${when} needs someone else's approval: it is asked for now, and runs only if approved by then.`,
    refused: ({ reason, phrase, zone }) =>
      md`\`${phrase}\` ${escapeMrkdwn(REFUSALS[reason])} (your time zone: ${zone}). Nothing was scheduled.`,
    notAllowed: md`This workspace's policy does not let you schedule actions (${cmd('policy')} shows who may). Nothing was scheduled.`,
    unavailable: md`The app cannot reach its own store just now, so nothing was scheduled. Try again in a moment.`,
    listTitle: ({ experimentId }) =>
      experimentId === undefined
        ? md`*Scheduled actions in this workspace*`
        : md`*Scheduled actions for experiment ${experimentId}*`,
    listEmpty: ({ experimentId }) =>
      experimentId === undefined
        ? md`Nothing is scheduled in this workspace.`
        : md`Nothing is scheduled for experiment *${experimentId}*.`,
    listLine: ({ what, when, user, pending }) =>
      pending
        ? md`${what} at ${when}, scheduled by ${user} (waiting for approval)`
        : md`${what} at ${when}, scheduled by ${user}`,
    cancelButton: 'Cancel',
    cancelled: ({ user, what, when }) => md`:wastebasket: ${user} cancelled ${what} scheduled for ${when}.`,
    nothingToCancel: ({ experimentId }) =>
      experimentId === undefined
        ? md`That scheduled action is no longer there (it ran or was cancelled).`
        : md`Nothing is scheduled for experiment *${experimentId}* (${cmd('schedule')} lists what is).`,
    tooLateToCancel: ({ what }) => md`Too late to cancel ${what}: it has already started running.`,
    cancelNotAllowed: ({ what }) =>
      md`Only the person who scheduled it (${what}) or an admin may take it back. Nothing changed.`,
    notRunLeft: ({ user, what }) =>
      md`:no_entry_sign: ${what}, scheduled by ${user}, did not run: they are no longer in this workspace.`,
    notRunRefused: ({ user, what, why }) =>
      md`:no_entry_sign: ${what}, scheduled by ${user}, did not run: ${why}`,
    notApprovedInTime: ({ user, what }) =>
      md`:no_entry_sign: ${what}, scheduled by ${user}, did not run: it was not approved by the due time.`,
    missed: ({ user, what, when }) =>
      md`:warning: ${what}, scheduled by ${user} for ${when}, was missed: the app was not running then, and it is not run more than an hour late. Nothing changed; schedule it again or do it now.`,
    scheduledBy: ({ user }) => md`_Scheduled by ${user}._`,
    approvedForLater: ({ approver, requester, what, when }) =>
      md`:white_check_mark: Approved by ${approver} (asked by ${requester}): ${what} runs at ${when}.`,
    homeTitle: md`*Scheduled actions*`,
    cardLine: ({ action, when, user }) => md`:alarm_clock: ${escapeMrkdwn(action)} at ${when} (by ${user})`,
    policyLine: ({ who }) =>
      who === undefined
        ? md`*Scheduling:* whoever may do the action.`
        : md`*Scheduling:* ${who}, if they may also do the action.`,
    policyChanged: ({ who }) =>
      who === undefined
        ? md`Scheduling is now open to whoever may do the action.`
        : md`Scheduling is now for ${who} (who must also be allowed the action).`,
    modalWhenLabel: 'When',
    modalWhenHint:
      'Leave empty to stop now; or “in 3d”, “tomorrow 09:00”, “at mon 09:00”, “at 2026-12-01 10:00”, in your Slack time zone.',
    modalWhenPlaceholder: 'in 3d',
  };
}
