import type { SlackDeps } from '../deps.js';
import type { PerformLifecycleDeps } from '../lifecycle/perform.js';

/** What the approvals feature's listeners use of the app's dependencies. */
export type ApprovalsDeps = PerformLifecycleDeps &
  Pick<SlackDeps, 'actors' | 'approvals' | 'policies' | 'schedules' | 'splitter'>;
