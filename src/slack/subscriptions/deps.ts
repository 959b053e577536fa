import type { SlackDeps } from '../deps.js';

/** What the subscriptions feature's listeners use of the app's dependencies. */
export type SubscriptionsDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'audit'
  | 'connections'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'policies'
  | 'scopeOf'
  | 'subscriptions'
>;
