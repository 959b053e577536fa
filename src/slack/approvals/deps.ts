import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';
import type { PerformLifecycleDeps } from '../lifecycle/perform.js';
import type { AskDeps } from '../requests/ask.js';

/** What the approvals feature's listeners use of the app's dependencies. */
export type ApprovalsDeps = PerformLifecycleDeps &
  AskDeps &
  CheckAccessDeps &
  Pick<SlackDeps, 'metrics' | 'requests' | 'splitter' | 'viewSeal'>;
