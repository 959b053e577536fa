import { type App, ErrorCode, type InstallationStore } from '@slack/bolt';
import { registerApprovals } from './approvals/register.js';
import { registerAudit } from './audit/register.js';
import { registerExpCommand } from './command/exp-command.js';
import type { CommandHandlers } from './command/handlers.js';
import { registerHelp } from './command/register.js';
import { registerConnection } from './connection/register.js';
import type { SlackDeps } from './deps.js';
import { registerDictionaries } from './dictionaries/register.js';
import { registerExperiments } from './experiment/register.js';
import { registerExperimentForm } from './experiment-form/register.js';
import { registerHome } from './home/register.js';
import { registerHooks } from './hooks/register.js';
import { registerIdentity } from './identity/register.js';
import { registerLifecycle } from './lifecycle/register.js';
import { routeListeners } from './listener-router.js';
import { registerPolicy } from './policy/register.js';
import { registerSplitter } from './splitter/register.js';
import { registerStop } from './stop/register.js';
import { registerSubscriptions } from './subscriptions/register.js';

/** Every feature registers its own listeners and contributes the `/exp` subcommands it owns. */
export function registerListeners(
  app: App,
  deps: SlackDeps,
  options: { installationStore?: InstallationStore | undefined } = {},
): void {
  // First: every listener registered below goes to the router (listener-router.ts), which runs only
  // the matching ones and acks interactions none of them takes (buttons of older versions of the app).
  const router = routeListeners(app, (kind, id) =>
    deps.logger.info('interaction for no listener acked with nothing done', { kind, id: id.slice(0, 80) }),
  );
  const commands = {
    ...registerHelp(),
    ...registerLifecycle(app, deps),
    ...registerStop(app, deps),
    ...registerExperimentForm(app, deps),
    ...registerDictionaries(app, deps),
    ...registerSplitter(app, deps),
    ...registerSubscriptions(app, deps),
    ...registerConnection(app, deps, options),
    ...registerExperiments(app, deps),
    ...registerPolicy(app, deps),
    ...registerAudit(app, deps),
    ...registerIdentity(app, deps),
    ...registerHooks(),
  } satisfies CommandHandlers;
  registerExpCommand(app, deps, commands);
  registerApprovals(app, deps);
  registerHome(app, deps);
  // Last of the global middleware: whatever was registered before it (in-flight tracking, ack
  // timing) runs around the listeners.
  app.use(router.dispatch);
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
