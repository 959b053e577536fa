import type { LifecycleAction } from '../../core/lifecycle-action.js';

/** The steps' callback_ids: the keys of the manifest's `functions` section. */
export const LIFECYCLE_STEPS: Readonly<Record<LifecycleAction, string>> = {
  start: 'start_experiment',
  stop: 'stop_experiment',
  archive: 'archive_experiment',
  unarchive: 'unarchive_experiment',
};

export const GET_EXPERIMENT_STEP = 'get_experiment';

/** Input and output parameter names, as the manifest declares them. */
export const INPUT = {
  experimentId: 'experiment_id',
  reason: 'reason',
  comment: 'comment',
  channelId: 'channel_id',
  userContext: 'user_context',
} as const;

export const OUTPUT = {
  experimentId: 'experiment_id',
  outcome: 'outcome',
  name: 'name',
  status: 'status',
  team: 'team',
  type: 'type',
  link: 'link',
} as const;

/** A lifecycle step's `outcome`: it ran, or it waits for a second person (the request is posted). */
export type StepOutcome = 'done' | 'approval_requested';
