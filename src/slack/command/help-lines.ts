import type { HelpGroup, HelpKey } from './messages.js';

/** The tasks, in the order the help shows them. */
export const HELP_GROUPS: readonly HelpGroup[] = ['lookUp', 'act', 'automate', 'alerts', 'administer'];

interface HelpLine {
  group: HelpGroup;
  /** The line is about doing an action later: the workspace's scheduling rule applies too. */
  schedules?: true;
}

/**
 * Where each help line goes, the same in every language (the catalogues hold only words). Lines any
 * member may use (policy, identity) are kept out of Administer, which is then for admins alone.
 */
export const HELP_LINES: Readonly<Record<HelpKey, HelpLine>> = {
  help: { group: 'lookUp' },
  show: { group: 'lookUp' },
  list: { group: 'lookUp' },
  dict: { group: 'lookUp' },
  features: { group: 'lookUp' },
  policy: { group: 'lookUp' },
  start: { group: 'act' },
  stop: { group: 'act' },
  stopWithReason: { group: 'act' },
  archive: { group: 'act' },
  unarchive: { group: 'act' },
  create: { group: 'act' },
  edit: { group: 'act' },
  expose: { group: 'act' },
  // Whose token one's actions use: part of acting.
  identity: { group: 'act' },
  scheduleAt: { group: 'automate', schedules: true },
  schedule: { group: 'automate' },
  follow: { group: 'alerts' },
  subscriptions: { group: 'alerts' },
  digest: { group: 'alerts' },
  audit: { group: 'administer' },
  hooks: { group: 'administer' },
  connection: { group: 'administer' },
};
