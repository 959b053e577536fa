import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the splitter feature's listeners use of the app's dependencies. */
export type SplitterDeps = CheckAccessDeps &
  Pick<SlackDeps, 'approvals' | 'locks' | 'metrics' | 'splitter'> &
  Pick<SlackDeps, 'locale' | 'messages'>;
