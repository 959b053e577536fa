import type { SlackDeps } from '../deps.js';
import type { PerformLifecycleDeps } from '../lifecycle/perform.js';
import type { AskDeps } from '../requests/ask.js';

/** What the workflow steps use of the app's dependencies. */
export type WorkflowStepsDeps = PerformLifecycleDeps &
  AskDeps &
  Pick<SlackDeps, 'actors' | 'connections' | 'consoleLinks' | 'knowledge' | 'logger' | 'policies'>;
