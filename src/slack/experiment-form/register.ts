import type { SlackListeners } from '../listener-registry.js';
import { registerAudienceActions } from './audience-actions.js';
import type { ExperimentFormDeps } from './deps.js';
import { registerEditConfirmation } from './edit-confirmation.js';
import { registerExperimentModalActions } from './modal-actions.js';
import { registerExperimentOptions } from './options.js';
import { registerExperimentSubmission } from './submission.js';

/** `/exp create` and `/exp edit ID`: the modal, its live fields, its pickers and its submission. */
export function registerExperimentForm(listeners: SlackListeners, deps: ExperimentFormDeps) {
  registerExperimentModalActions(listeners, deps);
  registerExperimentOptions(listeners, deps);
  registerExperimentSubmission(listeners, deps);
  registerAudienceActions(listeners, deps);
  registerEditConfirmation(listeners, deps);
}
