import type { SlackDeps } from '../deps.js';

/** What the splitter feature's listeners use of the app's dependencies. */
export type SplitterDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'approvals'
  | 'audit'
  | 'connections'
  | 'locks'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'policies'
  | 'splitter'
>;
