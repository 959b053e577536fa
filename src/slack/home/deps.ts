import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the home feature's listeners use of the app's dependencies. */
export type HomeDeps = CheckAccessDeps &
  Pick<SlackDeps, 'connectPrefillUrl' | 'homeTab' | 'locale' | 'metrics' | 'viewSeal'>;
