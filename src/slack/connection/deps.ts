import type { SlackDeps } from '../deps.js';

/** What the connection feature's listeners use of the app's dependencies. */
export type ConnectionDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'audit'
  | 'connections'
  | 'dictionaries'
  | 'hooks'
  | 'knowledge'
  | 'locks'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'now'
  | 'policies'
  | 'probeClient'
  | 'publicUrl'
  | 'schedules'
  | 'scopeOf'
  | 'subscriptions'
  | 'vault'
  | 'viewSeal'
>;
