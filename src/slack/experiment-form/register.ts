import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { registerAudienceActions } from './audience-actions.js';
import { registerEditConfirmation } from './edit-confirmation.js';
import { registerExperimentModalActions } from './modal-actions.js';
import { openExperimentModal } from './open-modal.js';
import { registerExperimentOptions } from './options.js';
import { registerExperimentSubmission } from './submission.js';

/** `/exp create` and `/exp edit ID`: the modal, its live fields, its pickers and its submission. */
export function registerExperimentForm(app: App, deps: SlackDeps) {
  registerExperimentModalActions(app, deps);
  registerExperimentOptions(app, deps);
  registerExperimentSubmission(app, deps);
  registerAudienceActions(app, deps);
  registerEditConfirmation(app, deps);
  return {
    create: (ctx) => openExperimentModal(ctx),
    edit: (ctx, parsed) => openExperimentModal(ctx, parsed.experimentId),
  } satisfies Pick<CommandHandlers, 'create' | 'edit'>;
}
