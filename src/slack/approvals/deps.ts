import type { SlackDeps } from '../deps.js';
import type { PerformLifecycleDeps } from '../lifecycle/perform.js';
import type { RequestPortsDeps } from '../requests/ports.js';

/** What the approvals feature's listeners use of the app's dependencies. */
export type ApprovalsDeps = PerformLifecycleDeps &
  RequestPortsDeps &
  Pick<SlackDeps, 'actors' | 'metrics' | 'policies' | 'splitter' | 'viewSeal'>;
