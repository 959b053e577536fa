import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the connection feature's listeners use of the app's dependencies. */
export type ConnectionDeps = CheckAccessDeps &
  Pick<
    SlackDeps,
    'connecting' | 'connectPrefillUrl' | 'homeTab' | 'locale' | 'locks' | 'metrics' | 'now' | 'viewSeal'
  >;
