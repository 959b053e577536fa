import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the policy feature's listeners use of the app's dependencies. */
export type PolicyDeps = CheckAccessDeps &
  Pick<SlackDeps, 'metrics' | 'slackFetch' | 'viewSeal'> &
  Pick<SlackDeps, 'locale' | 'messages'>;
