import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the schedule feature's listeners use of the app's dependencies. */
export type ScheduleDeps = CheckAccessDeps & Pick<SlackDeps, 'metrics' | 'scheduledActions' | 'schedules'>;
