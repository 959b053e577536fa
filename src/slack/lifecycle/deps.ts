import type { SlackDeps } from '../deps.js';
import type { AskDeps } from '../requests/ask.js';
import type { PerformLifecycleDeps } from './perform.js';

/** What the lifecycle feature's listeners use of the app's dependencies. */
export type LifecycleDeps = PerformLifecycleDeps &
  AskDeps &
  Pick<SlackDeps, 'actors' | 'consoleLinks' | 'dictionaries' | 'locks' | 'metrics' | 'policies' | 'viewSeal'>;
