import { type App, ErrorCode, type InstallationStore } from '@slack/bolt';
import { registerExpCommand } from './command/exp-command.js';
import { registerConnectSubmission } from './connection/submission.js';
import { registerUninstallEvents } from './connection/uninstall-events.js';
import type { SlackDeps } from './deps.js';
import { registerDictNavigation } from './dictionaries/nav-listener.js';
import { registerExperimentModalActions } from './experiment-form/modal-actions.js';
import { registerExperimentOptions } from './experiment-form/options.js';
import { registerExperimentSubmission } from './experiment-form/submission.js';
import { registerLifecycleButtons } from './lifecycle/button-listener.js';
import { registerExposeButtons } from './splitter/expose-listener.js';
import { registerStopSubmission } from './stop/submission.js';

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
