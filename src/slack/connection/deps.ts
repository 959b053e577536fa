import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the connection feature's listeners use of the app's dependencies. */
export type ConnectionDeps = CheckAccessDeps &
  Pick<
    SlackDeps,
    | 'dictionaries'
    | 'hooks'
    | 'knowledge'
    | 'locks'
    | 'metrics'
    | 'now'
    | 'probeClient'
    | 'readTokenClaims'
    | 'publicUrl'
    | 'requests'
    | 'scopeOf'
    | 'subscriptions'
    | 'vault'
    | 'viewSeal'
  >;
