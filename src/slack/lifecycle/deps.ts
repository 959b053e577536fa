import type { SlackDeps } from '../deps.js';
import type { PerformLifecycleDeps } from './perform.js';

/** What the lifecycle feature's listeners use of the app's dependencies. */
export type LifecycleDeps = PerformLifecycleDeps &
  Pick<SlackDeps, 'actors' | 'approvals' | 'policies' | 'viewSeal'>;
