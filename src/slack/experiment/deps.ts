import type { SlackDeps } from '../deps.js';

/** What the experiment feature's listeners use of the app's dependencies. */
export type ExperimentDeps = Pick<
  SlackDeps,
  | 'connections'
  | 'consoleLinks'
  | 'dictionaries'
  | 'knowledge'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'requests'
  | 'sandboxExperiments'
>;
