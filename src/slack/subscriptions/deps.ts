import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the subscriptions feature's listeners use of the app's dependencies. */
export type SubscriptionsDeps = CheckAccessDeps &
  Pick<SlackDeps, 'knowledge' | 'metrics' | 'scopeOf' | 'subscriptions'>;
