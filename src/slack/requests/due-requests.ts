import type { webApi } from '@slack/bolt';
import { isLifecycleAction } from '../../core/lifecycle-action.js';
import type { ActionRequest } from '../../core/requests/action-request.js';
import type { RequestPorts, RunAllowed } from '../../core/requests/ports.js';
import { type DuePass, runDueRequests } from '../../core/requests/run-due.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';
import type { PerformLifecycleDeps } from '../lifecycle/perform.js';
import { speakingTo } from '../locale/job-scope.js';
import { scheduledSurface, tellBoth } from '../schedule/scheduled-surface.js';
import { notifyInterrupted } from '../subscriptions/interrupted-alert.js';
import { slackRequestFacts } from './facts.js';
import { requestNotices } from './notices.js';
import type { RequestPortsDeps } from './ports.js';
import { exposeRunner, lifecycleRunner } from './runners.js';

/** What the due pass uses: the request ports' and the runners' (lifecycle, exposures). */
type DueRequestsDeps = RequestPortsDeps &
  PerformLifecycleDeps &
  Pick<SlackDeps, 'locales' | 'splitter' | 'subscriberAlerts'>;

/** The bot's client for a workspace (its installation's token, or the configured one). */
type ClientFor = (workspace: WorkspaceRef) => Promise<webApi.WebClient | undefined>;

/** A workspace the app has no installation for any more: nothing can be decided or told there. */
class NoInstallationError extends Error {
  constructor(readonly teamId: string) {
    super(`no installation acts in workspace ${teamId}`);
    this.name = 'NoInstallationError';
  }
}

const workspaceOf = (r: Pick<ActionRequest, 'teamId' | 'enterpriseId'>): WorkspaceRef => ({
  teamId: r.teamId,
  enterpriseId: r.enterpriseId,
});

/**
 * One look at the clock for every workspace's waiting requests (core/requests/run-due.ts): each
 * request is decided, run and told with its own workspace's client, and in the language of where
 * its result goes. `now` is the clock lateness is measured with (tests move it).
 */
export function dueRequestsPass(
  deps: DueRequestsDeps,
  clientFor: ClientFor,
  now: () => Date = deps.now,
): () => Promise<DuePass> {
  const ports = routedPorts(deps, clientFor, now);
  return () => runDueRequests(ports, (request) => dueRunner(deps, clientFor, request));
}

/** The request ports, each call made with the client of the request's own workspace. */
function routedPorts(deps: DueRequestsDeps, clientFor: ClientFor, now: () => Date): RequestPorts {
  const client = async (workspace: WorkspaceRef) => {
    const found = await clientFor(workspace);
    if (!found) throw new NoInstallationError(workspace.teamId);
    return found;
  };
  return {
    requests: deps.requests,
    facts: async (query, phase) =>
      slackRequestFacts(deps, await client(workspaceOf(query)), { now })(query, phase),
    person: async (workspace, userId) => deps.actors.actor(await client(workspace), workspace, userId, []),
    audit: deps.audit,
    notify: async (request, change, options) => {
      if (change.kind === 'interrupted') await alertInterrupted(deps, request);
      const found = await clientFor(workspaceOf(request)).catch(() => null);
      if (found === null) return false;
      if (!found) {
        // Nobody there to tell, now or later.
        deps.logger.warn('a request’s people cannot be told: no installation', { id: request.id });
        return true;
      }
      return requestNotices(deps, found)(request, change, options);
    },
    logger: deps.logger,
    now,
    approvalTtlMs: deps.approvalTtlMs,
  };
}

/**
 * Runs a due request where nobody is at the keyboard: results into its channel (the experiment's
 * thread), what would be said to the person alone said in the channel and to them directly.
 */
function dueRunner(deps: DueRequestsDeps, clientFor: ClientFor, request: ActionRequest): RunAllowed {
  return async (due, grant) => {
    const workspace = workspaceOf(due);
    const client = await clientFor(workspace);
    if (!client) return { state: 'failed', why: 'no-installation' };
    const speaking = await speakingTo(deps, { workspace, channelId: due.channelId });
    const to = { channelId: due.channelId, userId: due.requestedBy };
    if (request.what.action === 'expose')
      return exposeRunner(speaking, (message) => tellBoth(client, to, message, deps.logger))(due, grant);
    const surface = scheduledSurface({ client, ...to, logger: deps.logger });
    return lifecycleRunner(speaking, surface)(due, grant);
  };
}

/**
 * A run given up as its process died: whether it was sent is unknown, and the experiment's
 * subscribers hear it as the orphan sweep would have said it (keyed by the request, so the two, or
 * this ending told again, make one alert). Never throws.
 */
async function alertInterrupted(deps: DueRequestsDeps, request: ActionRequest): Promise<void> {
  const { action, experimentId } = request.what;
  if (!isLifecycleAction(action) || experimentId === undefined) return;
  const running = request.history.findLast((step) => step.state === 'running');
  await notifyInterrupted(deps, {
    workspace: workspaceOf(request),
    action,
    experimentId,
    actorId: request.requestedBy,
    channelId: request.channelId,
    scheduledBy: request.runAt === undefined ? undefined : request.requestedBy,
    at: running?.at ?? request.createdAt,
    key: request.id,
  });
}
