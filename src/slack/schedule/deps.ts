import type { SlackDeps } from '../deps.js';

/** What the schedule feature's listeners use of the app's dependencies. */
export type ScheduleDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'audit'
  | 'connections'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'policies'
  | 'scheduledActions'
  | 'schedules'
>;
