import type { InstallationStore } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import type { SlackListeners } from '../listener-registry.js';
import { registerConnectSubmission } from './submission.js';
import { registerUninstallEvents } from './uninstall-events.js';

/** The workspace's platform connection (admins) and what uninstalling the app removes. */
export function registerConnection(
  listeners: SlackListeners,
  deps: SlackDeps,
  options: { installationStore?: InstallationStore | undefined },
) {
  registerConnectSubmission(listeners, deps);
  registerUninstallEvents(listeners, deps, options);
}
