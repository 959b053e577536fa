import type { App, InstallationStore } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { disconnect, openConnectModal, showToken } from './commands.js';
import { registerConnectSubmission } from './submission.js';
import { registerUninstallEvents } from './uninstall-events.js';

/** The workspace's platform connection (admins) and what uninstalling the app removes. */
export function registerConnection(
  app: App,
  deps: SlackDeps,
  options: { installationStore?: InstallationStore | undefined },
) {
  registerConnectSubmission(app, deps);
  registerUninstallEvents(app, deps, options);
  return {
    connect: (ctx) => openConnectModal(ctx),
    token: (ctx) => showToken(ctx),
    disconnect: (ctx) => disconnect(ctx),
  } satisfies Pick<CommandHandlers, 'connect' | 'token' | 'disconnect'>;
}
