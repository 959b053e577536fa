import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import type { AuditMessages } from './messages.js';

export function auditMessagesEn(): AuditMessages {
  return {
    adminOnly: md`Only workspace admins can read the audit trail. \`/exp policy\` shows who may do what.`,
    header: 'Audit trail',
    summary: ({ shown, experimentId, user }) => {
      const filters = [
        experimentId === undefined ? undefined : md`experiment #${experimentId}`,
        user === undefined ? undefined : md`by ${user}`,
      ].filter((f): f is SafeText => f !== undefined);
      const of = filters.length === 0 ? md`` : md` (${joinSafe(filters, md`, `)})`;
      return md`${shown} attempt${shown === 1 ? md`` : md`s`} to act${of}, newest first.`;
    },
    empty: ({ experimentId, user, older }) => {
      if (older) return md`No older attempts to act are recorded.`;
      if (experimentId !== undefined && user !== undefined)
        return md`No attempt by ${user} to act on experiment #${experimentId} is recorded.`;
      if (experimentId !== undefined)
        return md`No attempt to act on experiment #${experimentId} is recorded.`;
      if (user !== undefined) return md`No attempt by ${user} to act is recorded.`;
      return md`No attempt to act has been recorded in this workspace yet.`;
    },
    row: ({ when, user, action, experimentId, channel, result, approval, identity, detail }) => {
      const parts = [
        md`${when} · ${user} · *${action}*`,
        experimentId === undefined ? md`` : md` #${experimentId}`,
        channel === undefined ? md`` : md` in ${channel}`,
        md` · ${result}`,
        approval === undefined ? md`` : md` · ${approval}`,
        identity === undefined ? md`` : md` · ${identity}`,
        detail === undefined ? md`` : md` · ${detail}`,
      ];
      return joinSafe(parts, md``);
    },
    allowed: ({ outcome }) => (outcome === undefined ? md`allowed` : md`allowed, ${outcome}`),
    refused: ({ rule }) => (rule === undefined ? md`*refused*` : md`*refused* (rule: ${rule})`),
    viewForged: ({ reason }) => {
      const why =
        reason === undefined
          ? md``
          : {
              unsigned: md`: metadata the app never wrote`,
              mismatch: md`: opened for someone else, or altered`,
              expired: md`: too old`,
              'response-url': md`: a reply address that is not Slack's`,
            }[reason];
      return md`*refused* (rule: view-forged, a form the app did not open for them${why})`;
    },
    approval: ({ state, requestedBy }) => {
      const by = requestedBy === undefined ? md`` : md` (asked by ${requestedBy})`;
      switch (state) {
        case 'requested':
          return md`approval requested`;
        case 'approved':
          return md`approved${by}`;
        case 'rejected':
          return md`rejected${by}`;
        case 'expired':
          return md`approval expired${by}`;
      }
    },
    identity: ({ identity }) =>
      ({
        workspace: md`as the workspace's token`,
        channel: md`as the channel's token`,
        personal: md`as their own token`,
        default: md`as the configured token`,
      })[identity],
    retention: ({ days }) => md`Attempts are kept for ${days} days.`,
    olderButton: 'Older',
    newestButton: 'Newest',
    usage: ({ problem }) =>
      md`${problem} Use \`/exp audit\`, \`/exp audit ID\`, \`/exp audit --user @someone\` or both.`,
    badWord: ({ word }) => md`\`${word}\` is neither an experiment id nor \`--user @someone\`.`,
  };
}
