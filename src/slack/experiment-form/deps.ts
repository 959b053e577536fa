import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';

/** What the experiment-form feature's listeners use of the app's dependencies. */
export type ExperimentFormDeps = CheckAccessDeps &
  Pick<
    SlackDeps,
    | 'alerts'
    | 'channelAlerts'
    | 'consoleLinks'
    | 'dictionaries'
    | 'drafts'
    | 'experimentFields'
    | 'knowledge'
    | 'metrics'
    | 'scopeOf'
    | 'slackFetch'
    | 'subscriptions'
    | 'viewSeal'
  > &
  Pick<SlackDeps, 'locale' | 'messages'>;
