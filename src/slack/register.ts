import { type App, type Context, ErrorCode, type InstallationStore } from '@slack/bolt';
import { registerApprovals } from './approvals/register.js';
import { registerAudit } from './audit/register.js';
import { registerExpCommand } from './command/exp-command.js';
import { registerConnection } from './connection/register.js';
import type { SlackDeps } from './deps.js';
import { registerDictionaries } from './dictionaries/register.js';
import { registerDigest } from './digest/register.js';
import { registerExperiments } from './experiment/register.js';
import { registerExperimentForm } from './experiment-form/register.js';
import { registerHome } from './home/register.js';
import { registerIdentity } from './identity/register.js';
import type { InFlightCounter } from './in-flight.js';
import { registerLifecycle } from './lifecycle/register.js';
import { createListenerRegistry, listenerOf } from './listener-registry.js';
import { requestScope } from './locale/request-scope.js';
import { speaking } from './locale/scope.js';
import { registerPolicy } from './policy/register.js';
import { registerSchedule } from './schedule/register.js';
import { servedWorkspaceOnly } from './served-workspace/admit.js';
import type { ServedWorkspaces } from './served-workspace/served.js';
import { registerSplitter } from './splitter/register.js';
import { registerStop } from './stop/register.js';
import { registerSubscriptions } from './subscriptions/register.js';
import { registerWorkflowSteps } from './workflow-steps/register.js';

/** Every feature registers its own listeners; `/exp` routes to the subcommands the features declare. */
export function registerListeners(
  app: App,
  deps: SlackDeps,
  options: {
    installationStore?: InstallationStore | undefined;
    inFlight?: InFlightCounter | undefined;
    /** Single-workspace modes: the workspace the bot token serves; requests from others are refused. */
    served?: ServedWorkspaces | undefined;
  } = {},
): void {
  // Each request's listeners are built with the deps of its person's language (locale/scope.ts).
  const depsOf = async (args: { body: unknown; context: Context; client: App['client'] }) => {
    const request = { body: args.body as Record<string, unknown>, context: args.context };
    return speaking(deps, await requestScope(deps.locales, request, args.client));
  };
  // The features register in the app's own registry (listener-registry.ts), which reaches Bolt as
  // one global middleware, runs only the matching listeners and acks interactions none of them
  // takes (buttons of older versions of the app).
  const registry = createListenerRegistry(
    (kind, id) =>
      deps.logger.info('interaction for no listener acked with nothing done', { kind, id: id.slice(0, 80) }),
    depsOf,
  );
  const listeners = registry.listeners;
  // The `/exp` subcommands are declared by each feature (command/subcommands.ts); these register
  // the listeners the features own (buttons, modals, options, events).
  registerLifecycle(listeners);
  registerStop(listeners);
  registerExperimentForm(listeners);
  registerDictionaries(listeners);
  registerSplitter(listeners);
  registerSubscriptions(listeners);
  registerDigest(listeners);
  registerConnection(listeners, deps, options);
  registerExperiments(listeners);
  registerPolicy(listeners);
  registerAudit(listeners);
  registerIdentity(listeners);
  registerExpCommand(listeners);
  registerApprovals(listeners);
  registerSchedule(listeners);
  registerHome(listeners);
  registerWorkflowSteps(listeners);
  const served = options.served;
  registry.attachTo(
    app,
    options.inFlight,
    served && servedWorkspaceOnly({ served, depsOf, logger: deps.logger }),
  );
  app.error(async (error) => {
    // Bolt calls this for listener failures; the process must keep serving other workspaces.
    if (error.code === ErrorCode.AuthorizationError) {
      // A workspace that never installed the app (or uninstalled it): expected, not a bug.
      deps.logger.warn('request from a workspace without an installation', { message: error.message });
      return;
    }
    // With its stack: which listener let a store error (ECONNRESET at a Redis restart) escape.
    deps.logger.error('unhandled listener error', {
      listener: listenerOf(error),
      error: error.name,
      message: error.message,
      stack: error.stack,
    });
  });
}
