import type { LabelMessages } from './messages.js';

// Option texts too: each at most 75 characters (Slack's limit for an option).

const LABELS_EN: LabelMessages = {
  statuses: {
    draft: 'Draft',
    running: 'Running',
    stopped: 'Stopped',
    archived: 'Archived',
    paused: 'Paused',
  },
  types: {
    regular: 'Regular A/B experiment',
    retro: 'Retro analysis on historical data',
    switchback: 'Switchback (groups alternate over time)',
    dfp: 'DFP (external advertising)',
    dfp_filler: 'DFP filler (service)',
    holdout_analyzer: 'Holdout analyzer',
    crm: 'CRM communications',
    adhoc: 'Ad hoc (obsolete)',
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
  interruptReasons: {
    sequential_testing_significant_change: 'Significant change (sequential testing)',
    critical_metric_impact: 'Critical metric impact',
    bug: 'Bug',
    other: 'Other',
  },
  actionNouns: {
    start: 'start',
    stop: 'stop',
    archive: 'archive',
    unarchive: 'unarchive',
    create: 'create',
    edit: 'edit',
    expose: 'expose',
    subscribe: 'subscribe',
  },
  actionVerbs: {
    start: 'start',
    stop: 'stop',
    archive: 'archive',
    unarchive: 'unarchive',
    create: 'create',
    edit: 'edit',
    expose: 'register an exposure',
    subscribe: 'subscribe a channel',
  },
  outcomes: {
    done: 'done',
    conflict: 'refused by the platform (conflict)',
    failed: 'failed',
    'outcome-unknown': 'outcome unknown',
    crashed: 'interrupted by an error',
    busy: 'too many at once',
    requested: 'approval asked',
    scheduled: 'scheduled',
    approved: 'approved',
    rejected: 'rejected',
    expired: 'expired',
    missed: 'missed',
    cancelled: 'cancelled',
    interrupted: 'interrupted',
    accepted: 'accepted',
    duplicate: 'already done',
    removed: 'removed',
  },
  alertEvents: {
    start: 'start',
    stop: 'stop',
    archive: 'archive',
    unarchive: 'unarchive',
    create: 'create',
    edit: 'edit',
    status: 'status change',
  },
  paramStatuses: { draft: 'Draft', active: 'Active', archived: 'Archived', deleted: 'Deleted' },
};

/** The catalogue's labels (data: one object, never changed). */
export function labelMessagesEn(): LabelMessages {
  return LABELS_EN;
}
