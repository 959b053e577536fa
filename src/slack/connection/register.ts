import type { InstallationStore } from '@slack/bolt';
import type { SlackListeners } from '../listener-registry.js';
import type { ConnectionDeps } from './deps.js';
import { registerConnectSubmission } from './submission.js';
import { registerUninstallEvents } from './uninstall-events.js';

/** The workspace's platform connection (admins) and what uninstalling the app removes. */
export function registerConnection(
  listeners: SlackListeners,
  deps: ConnectionDeps,
  options: { installationStore?: InstallationStore | undefined },
) {
  registerConnectSubmission(listeners);
  registerUninstallEvents(listeners, deps, options);
}
