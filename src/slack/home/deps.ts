import type { SlackDeps } from '../deps.js';

/** What the home feature's listeners use of the app's dependencies. */
export type HomeDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'audit'
  | 'connectPrefillUrl'
  | 'connections'
  | 'hooks'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'policies'
  | 'publicUrl'
  | 'schedules'
  | 'subscriptions'
  | 'viewSeal'
>;
