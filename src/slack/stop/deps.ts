import type { SlackDeps } from '../deps.js';
import type { PerformLifecycleDeps } from '../lifecycle/perform.js';

/** What the stop feature's listeners use of the app's dependencies. */
export type StopDeps = PerformLifecycleDeps &
  Pick<
    SlackDeps,
    'actors' | 'approvals' | 'policies' | 'scheduledActions' | 'schedules' | 'slackFetch' | 'viewSeal'
  >;
