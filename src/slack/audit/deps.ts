import type { SlackDeps } from '../deps.js';

/** What the audit feature's listeners use of the app's dependencies. */
export type AuditDeps = Pick<
  SlackDeps,
  'actors' | 'audit' | 'connections' | 'logger' | 'messages' | 'metrics' | 'policies'
>;
