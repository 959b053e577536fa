import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the audit feature's listeners use of the app's dependencies. */
export type AuditDeps = CheckAccessDeps & Pick<SlackDeps, 'metrics'>;
