import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the experiment-form feature's listeners use of the app's dependencies. */
export type ExperimentFormDeps = CheckAccessDeps &
  Pick<
    SlackDeps,
    | 'subscriberAlerts'
    | 'consoleLinks'
    | 'dictionaries'
    | 'drafts'
    | 'experimentFields'
    | 'knowledge'
    | 'metrics'
    | 'scopeOf'
    | 'slackFetch'
    | 'viewSeal'
  > &
  Pick<SlackDeps, 'locale' | 'messages'>;
