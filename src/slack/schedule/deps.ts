import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';
import type { RequestPortsDeps } from '../requests/ports.js';

/** What the schedule feature's listeners use of the app's dependencies. */
export type ScheduleDeps = CheckAccessDeps & RequestPortsDeps & Pick<SlackDeps, 'metrics' | 'requests'>;
