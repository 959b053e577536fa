import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';
import type { AskDeps } from '../requests/ask.js';
import type { PerformLifecycleDeps } from './perform.js';

/** What the lifecycle feature's listeners use of the app's dependencies. */
export type LifecycleDeps = PerformLifecycleDeps &
  AskDeps &
  CheckAccessDeps &
  Pick<SlackDeps, 'consoleLinks' | 'dictionaries' | 'knowledge' | 'locks' | 'metrics' | 'viewSeal'>;
