import type { WorkspaceRef } from '../../core/workspace.js';
import type { JobHandler } from '../../jobs/job-queue.js';
import { isSlackUserId } from '../blocks/escape.js';
import type { LocaleResolver } from './request-scope.js';
import { type LocaleScope, type Speaking, speaking } from './scope.js';

/** Where a job's message goes: a channel (or a person's id, for a direct message). */
export interface JobDestination {
  workspace: WorkspaceRef | undefined;
  channelId?: string | undefined;
}

/**
 * The languages of a message posted with no request behind it: a channel reads the workspace's, a
 * direct message (a person's id) its person's. No Slack client is asked: a person who chose nothing
 * reads the workspace's default.
 */
async function destinationScope(
  locales: LocaleResolver,
  destination: { workspace: WorkspaceRef; channelId?: string | undefined },
): Promise<LocaleScope> {
  const { workspace, channelId } = destination;
  const person = channelId !== undefined && isSlackUserId(channelId) ? channelId : undefined;
  const scope = await locales.scopeOf({ workspace, userId: person }, undefined);
  return person ? scope : { ...scope, person: scope.workspace };
}

type SpeakingDeps = Speaking & { locales: LocaleResolver };

/**
 * `deps` speaking the language of where a background job's (a sweep's) message goes, as
 * `destinationScope` says. For a message built now and delivered later, as queued notices are.
 */
export async function speakingTo<D extends SpeakingDeps>(
  deps: D,
  destination: { workspace: WorkspaceRef; channelId?: string | undefined },
): Promise<D> {
  return speaking(deps, await destinationScope(deps.locales, destination));
}

/**
 * A queued message's languages, for jobs that build what they post (alerts, scheduled actions): a
 * channel reads the workspace's, a direct message (a follow) its person's. No request carries its
 * languages into a job: each job's handler is built with the deps that speak its own.
 */
export function inJobLocale<T, D extends SpeakingDeps>(
  deps: D,
  destinationOf: (data: T) => JobDestination,
  handlerOf: (deps: D) => JobHandler<T>,
): JobHandler<T> {
  const outside = handlerOf(deps);
  return async (job) => {
    const { workspace, channelId } = destinationOf(job.data);
    if (workspace === undefined) return outside(job);
    return handlerOf(await speakingTo(deps, { workspace, channelId }))(job);
  };
}
