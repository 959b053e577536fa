import type { SlackDeps } from '../deps.js';

/** What the dictionaries feature's listeners use of the app's dependencies. */
export type DictionariesDeps = Pick<
  SlackDeps,
  'connections' | 'dictionaries' | 'logger' | 'messages' | 'metrics'
>;
