import { type App, ErrorCode, type InstallationStore } from '@slack/bolt';
import { registerDictNavigation } from './actions/dict-nav.js';
import { registerExperimentModalActions } from './actions/experiment-modal-actions.js';
import { registerExposeButtons } from './actions/expose-buttons.js';
import { registerLifecycleButtons } from './actions/lifecycle-buttons.js';
import { registerExpCommand } from './commands/exp-command.js';
import type { SlackDeps } from './deps.js';
import { registerUninstallEvents } from './events/uninstall-events.js';
import { registerExperimentOptions } from './options/experiment-options.js';
import { registerConnectSubmission } from './views/connect-submission.js';
import { registerExperimentSubmission } from './views/experiment-submission.js';
import { registerStopSubmission } from './views/stop-submission.js';

export function registerListeners(
  app: App,
  deps: SlackDeps,
  options: { installationStore?: InstallationStore | undefined } = {},
): void {
  registerExpCommand(app, deps);
  registerLifecycleButtons(app, deps);
  registerDictNavigation(app, deps);
  registerExposeButtons(app, deps);
  registerStopSubmission(app, deps);
  registerConnectSubmission(app, deps);
  registerExperimentModalActions(app, deps);
  registerExperimentOptions(app, deps);
  registerExperimentSubmission(app, deps);
  registerUninstallEvents(app, deps, options);
  app.error(async (error) => {
    // Bolt calls this for listener failures; the process must keep serving other workspaces.
    if (error.code === ErrorCode.AuthorizationError) {
      // A workspace that never installed the app (or uninstalled it): expected, not a bug.
      deps.logger.warn('request from a workspace without an installation', { message: error.message });
      return;
    }
    deps.logger.error('unhandled listener error', { error: error.name, message: error.message });
  });
}
