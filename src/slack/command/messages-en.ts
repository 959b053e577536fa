import { escapeMrkdwn, md } from '../blocks/escape.js';
import { cmd } from '../messages/en-format.js';
import type { HelpMessages } from './messages.js';

/** One line per subcommand: the help key its declaration names, how it is typed, what it does. */
const COMMAND_LINES: HelpMessages['commands'] = [
  {
    key: 'help',
    usage: '/exp help [all]',
    description: md`This help: what you may run here, by task; with \`all\`, every command and who may run it.`,
  },
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
  {
    key: 'scheduleAt',
    usage: '/exp start|stop|archive|unarchive ID TIME …',
    description: md`Do it later instead: \`in 3d\`, \`tomorrow 09:00\`, \`at mon 09:00\`, \`at 2026-12-01 10:00\`, in your Slack time zone (a stop takes its reason after the time). Every rule is checked again when it runs.`,
  },
  {
    key: 'schedule',
    usage: '/exp schedule [ID] · /exp unschedule ID [action]',
    description: md`What waits (scheduled, or for someone's approval), in the workspace or for one experiment, with Cancel buttons; \`unschedule\` takes back your own (an admin, anyone's).`,
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
    usage: '/exp login · logout · whoami · language',
    description: md`Act under your own platform token (so the platform's records name you), remove it, or see whose token your actions use; \`/exp language ru|en\` picks the app's language for you, \`/exp language workspace ru|en\` for the workspace (admins).`,
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
      '/exp subscribe [#channel] [team:NAME] [type:TYPE] [experiment:ID] [events:LIST] [quiet:HH:MM-HH:MM] [long:30d] [window:5m] · unsubscribe [same] · subscriptions',
    description: md`Send experiment alerts to a channel (this one by default), for one team, type or experiment: \`events:recommended\` (the default: \`start\` \`stop\` \`archive\` \`status\`, and any of them whose outcome is unknown), \`events:all\`, or a list of \`start\` \`stop\` \`archive\` \`unarchive\` \`create\` \`edit\` \`status\`; \`quiet:22:00-08:00\` holds them for one summary at the end of those hours; \`long:30d\` nudges once about each experiment running longer; \`window:5m\` keeps events that close together in one message; stop them; list them with Remove buttons.`,
  },
  {
    key: 'digest',
    usage: '/exp digest [daily HH:MM · weekly DAY HH:MM · off] [tz:ZONE]',
    description: md`This channel's digest now, only to you: what was started, stopped or archived, what runs and for how long, what waits for approval or comes due. With a time, posted here on that schedule (nothing for a period in which nothing happened); \`off\` stops it.`,
  },
];

const EXAMPLES: HelpMessages['examples'] = [
  '/exp start 123',
  '/exp stop 123',
  '/exp stop 123 bug Wrong traffic split on iOS',
  '/exp archive 123',
  '/exp dict layers',
  '/exp subscribe events:stop,archive',
];

export function helpMessagesEn(): HelpMessages {
  return {
    header: 'Experiments from Slack: /exp',
    intro: md`Run the lifecycle of A/B experiments without leaving the channel. Experiment ids are positive integers.`,
    commands: COMMAND_LINES,
    groups: {
      lookUp: md`Look up`,
      act: md`Act`,
      automate: md`Automate`,
      alerts: md`Alerts`,
      administer: md`Administer`,
    },
    examplesTitle: md`*Examples*`,
    examples: EXAMPLES,
    more: {
      someHidden: md`Only what you may run is shown. ${cmd('help all')} shows every command, with who may run it.`,
      noneHidden: md`You may run every command here. ${cmd('help all')} says who else may run each.`,
      unfiltered: md`The app could not check what you may run just now, so every command is shown. ${cmd('help all')} says who may run each.`,
      all: md`Every command, with who may run it. ${cmd('help')} shows only what you may run.`,
    },
    who: {
      anyone: md`anyone`,
      self: md`anyone, for themselves`,
      readOrChange: ({ change }) => md`anyone to read; to change: ${change}`,
      byPolicy: ({ action }) => md`as the workspace policy says for \`${escapeMrkdwn(action)}\``,
      inChannels: ({ who, channels }) => md`${who}, from ${channels}`,
      scheduling: ({ who }) => md`to schedule: ${who}`,
      per: ({ names, who }) => md`${names}: ${who}`,
      mark: ({ who }) => md`_Who: ${who}._`,
    },
  };
}
