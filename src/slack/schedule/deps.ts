import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';
import type { AskDeps } from '../requests/ask.js';

/** What the schedule feature's listeners use of the app's dependencies. */
export type ScheduleDeps = CheckAccessDeps & AskDeps & Pick<SlackDeps, 'knowledge' | 'metrics' | 'requests'>;
