import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import { cmd, count, word } from '../messages/en-format.js';
import type { DigestMessages } from './messages.js';

// English texts of the channel digest and of the summary of alerts held in quiet hours.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const VERBS = { start: md`started`, stop: md`stopped`, archive: md`archived` };
const plural = (n: number, one: string, many: string): SafeText =>
  md`${count(n)} ${word(n === 1 ? one : many)}`;

export function digestMessagesEn(): DigestMessages {
  return { ...digestPartsEn(), ...channelSettingsEn(), ...rhythmNoticesEn() };
}

/** The digest's headings and lines, and its preview's notes. */
function digestPartsEn() {
  return {
    title: ({ from, to }) => md`:newspaper: *Digest* from ${from} to ${to}`,
    runningHeading: ({ count: n }) => md`*Running* (${count(n)})`,
    runningLine: ({ experiment, days, hours }) =>
      days > 0
        ? md`• ${experiment}: ${plural(days, 'day', 'days')}, ${plural(hours, 'hour', 'hours')}`
        : hours > 0
          ? md`• ${experiment}: ${plural(hours, 'hour', 'hours')}`
          : md`• ${experiment}: under an hour`,
    happenedHeading: md`*In this period*`,
    happenedLine: ({ action, experiment, user, when, why }) =>
      why === undefined
        ? md`• ${when}: ${user} ${VERBS[action]} ${experiment}`
        : md`• ${when}: ${user} ${VERBS[action]} ${experiment} (${why})`,
    waitingHeading: md`*Waiting for approval*`,
    waitingLine: ({ what, user }) => md`• ${what}, asked by ${user}`,
    dueHeading: md`*Scheduled before the next digest*`,
    dueLine: ({ what, when }) => md`• ${when}: ${what}`,
    longHeading: ({ days }) => md`*Running longer than ${plural(days, 'day', 'days')}*`,
    previewNote: ({ schedule }) =>
      schedule === undefined
        ? md`Only you see this preview. To post one here on a schedule: ${cmd('digest daily 09:00')} or ${cmd('digest weekly mon 09:00')}.`
        : md`Only you see this preview. This channel's digest: ${schedule}; ${cmd('digest off')} stops it.`,
    emptyPreview: ({ schedule }) =>
      schedule === undefined
        ? md`Nothing happened here in the last day: no experiment started, stopped or archived, nothing waits for approval or comes due. To get a digest here on a schedule: ${cmd('digest daily 09:00')}.`
        : md`Nothing happened here since the last digest, so none would be posted now. This channel's digest: ${schedule}.`,
  } satisfies Partial<DigestMessages>;
}

/** Replies to `/exp digest`. */
function channelSettingsEn() {
  return {
    schedule: ({ weekday, at, zone }) =>
      weekday === undefined
        ? md`daily at ${at} (${zone})`
        : md`every ${word(WEEKDAYS[weekday] ?? '?')} at ${at} (${zone})`,
    set: ({ user, schedule, next }) =>
      md`${user} set this channel's digest: ${schedule}. The first one is due ${next}; a period in which nothing happened gets none. ${cmd('digest')} shows it now, ${cmd('digest off')} stops it.`,
    off: ({ user }) => md`${user} turned this channel's digest off.`,
    notSet: md`This channel has no digest. ${cmd('digest daily 09:00')} sets one.`,
    unreadable: ({ words }) =>
      md`${cmd('digest')} takes nothing (a preview), ${cmd('digest daily HH:MM')}, ${cmd('digest weekly DAY HH:MM')} (\`mon\`…\`sun\`) or ${cmd('digest off')}; a zone may follow as \`tz:Europe/Berlin\` (else your Slack time zone). Not understood: ${words}. Nothing was changed.`,
    saveFailed: md`The digest could not be saved: the app cannot reach its own store just now. Nothing was changed; try again in a moment.`,
    full: md`Too many channels have quiet hours or a digest already (5,000): this one was not set. Turn some off with ${cmd('digest off')} or ${cmd('subscribe quiet:off')} in those channels.`,
    readFailed: md`The digest could not be read: the app cannot reach its own store just now. Try again in a moment.`,
  } satisfies Partial<DigestMessages>;
}

/** Quiet hours, the window, running long, and the channel's notes. */
function rhythmNoticesEn() {
  return {
    quietSet: ({ user, hours, zone }) =>
      md`${user} set quiet hours for this channel: ${hours} (${zone}). Alerts in those hours are held and posted as one summary when they end; the workspace's operational notices are never held. ${cmd('subscribe quiet:off')} ends them.`,
    quietOff: ({ user, released }) =>
      released > 0
        ? md`${user} ended this channel's quiet hours; the ${plural(released, 'alert', 'alerts')} held follow in one summary.`
        : md`${user} ended this channel's quiet hours.`,
    quietNone: md`This channel has no quiet hours. ${cmd('subscribe quiet:22:00-08:00')} sets them.`,
    quietUnreadable: ({ value, problem }) =>
      problem === 'unknown-zone'
        ? md`${value}: that time zone is not known. Name one as \`tz:Europe/Berlin\`, or leave it out for your Slack time zone. Nothing was changed.`
        : problem === 'empty'
          ? md`${value}: quiet hours need a start and an end that differ. Nothing was changed.`
          : md`Quiet hours are written \`quiet:22:00-08:00\` (a 24-hour clock, start-end) or \`quiet:off\`; not ${value}. Nothing was changed.`,
    channelNote: ({ channel, quiet, digest, long, window, delivered }) =>
      joinSafe(
        [
          channel,
          quiet === undefined ? undefined : md`quiet ${quiet}`,
          digest === undefined ? undefined : md`digest ${digest}`,
          long === undefined ? undefined : md`nudged past ${plural(long, 'day', 'days')}`,
          window === undefined
            ? undefined
            : window.isDefault
              ? md`window ${window.text} (the default)`
              : md`window ${window.text}`,
          delivered === undefined ? md`no alert posted yet` : md`last alert ${delivered}`,
        ].filter((part): part is SafeText => part !== undefined),
        md` · `,
      ),
    nudge: ({ experiment, days, since, mark }) =>
      md`:hourglass_flowing_sand: ${experiment} has been running for ${plural(days, 'day', 'days')} (since ${since}), past this channel's ${plural(mark, 'day', 'days')}. Stop it if it has run its course, or be reminded in a week.`,
    remindButton: 'Remind me in 7 days',
    reminded: ({ experiment, at }) =>
      md`This channel hears of ${experiment} running long again ${at}, unless it stops first.`,
    longSet: ({ user, days }) =>
      days === undefined
        ? md`${user} turned off this channel's nudges for experiments running long.`
        : md`${user} set this channel to be nudged once about each experiment running longer than ${plural(days, 'day', 'days')}, with Stop… and a one-week reminder. ${cmd('subscribe long:off')} turns it off.`,
    windowSet: ({ user, window }) =>
      md`${user} set this channel's alert window to ${window}: events on one experiment this close together stay in its one message (the card, updated, with each event in its thread); one after a longer pause shows in the channel again.`,
    windowUnreadable: ({ value }) =>
      md`The alert window is written \`window:90s\`, \`window:5m\` or \`window:1h\` (1 second to 24 hours); not ${value}. Nothing was changed.`,
    longUnreadable: ({ value }) =>
      md`The running-long mark is written \`long:30d\` (days, 1 to 3650) or \`long:off\`; not ${value}. Nothing was changed.`,
    quietSummary: ({ shown, total, hours }) =>
      shown < total
        ? md`:zzz: While this channel was quiet (${hours}), ${plural(total, 'alert was', 'alerts were')} held; the latest ${count(shown)}:`
        : md`:zzz: While this channel was quiet (${hours}), ${plural(total, 'alert was', 'alerts were')} held:`,
  } satisfies Partial<DigestMessages>;
}
