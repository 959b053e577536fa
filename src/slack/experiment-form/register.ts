import type { SlackListeners } from '../listener-registry.js';
import { registerAudienceActions } from './audience-actions.js';
import { registerEditConfirmation } from './edit-confirmation.js';
import { registerListActions } from './list-actions.js';
import { registerExperimentModalActions } from './modal-actions.js';
import { registerExperimentOptions } from './options.js';
import { registerExperimentSubmission } from './submission.js';

/** `/exp create` and `/exp edit ID`: the modal, its live fields, its pickers and its submission. */
export function registerExperimentForm(listeners: SlackListeners) {
  registerExperimentModalActions(listeners);
  registerExperimentOptions(listeners);
  registerExperimentSubmission(listeners);
  registerAudienceActions(listeners);
  registerListActions(listeners);
  registerEditConfirmation(listeners);
}
