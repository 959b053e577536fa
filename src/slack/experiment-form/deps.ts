import type { SlackDeps } from '../deps.js';

/** What the experiment-form feature's listeners use of the app's dependencies. */
export type ExperimentFormDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'alerts'
  | 'audit'
  | 'connections'
  | 'consoleLinks'
  | 'dictionaries'
  | 'drafts'
  | 'experimentFields'
  | 'knowledge'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'policies'
  | 'scopeOf'
  | 'slackFetch'
  | 'subscriptions'
  | 'viewSeal'
>;
