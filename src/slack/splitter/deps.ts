import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';
import type { AskDeps } from '../requests/ask.js';

/** What the splitter feature's listeners use of the app's dependencies. */
export type SplitterDeps = CheckAccessDeps &
  AskDeps &
  Pick<SlackDeps, 'locks' | 'metrics' | 'splitter'> &
  Pick<SlackDeps, 'locale' | 'messages'>;
