import type { SlackDeps } from '../deps.js';

/** What the policy feature's listeners use of the app's dependencies. */
export type PolicyDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'audit'
  | 'connections'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'policies'
  | 'slackFetch'
  | 'viewSeal'
>;
