import type { SlackDeps } from '../deps.js';
import type { PerformLifecycleDeps } from '../lifecycle/perform.js';

/** What the workflow-steps feature's listeners use of the app's dependencies. */
export type WorkflowStepsDeps = PerformLifecycleDeps & Pick<SlackDeps, 'actors' | 'approvals' | 'policies'>;
