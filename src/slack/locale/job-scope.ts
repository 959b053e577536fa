import type { WorkspaceRef } from '../../core/workspace.js';
import type { JobHandler } from '../../jobs/job-queue.js';
import { isSlackUserId } from '../blocks/escape.js';
import type { LocaleResolver } from './request-scope.js';
import { type LocaleScope, withLocaleScope } from './scope.js';

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

/**
 * Builds what a background job (a sweep) posts in the language of where it goes, as
 * `destinationScope` says. For a message built now and delivered later, as queued notices are.
 */
export async function inDestinationLocale<T>(
  locales: LocaleResolver,
  destination: { workspace: WorkspaceRef; channelId?: string | undefined },
  build: () => T,
): Promise<T> {
  return withLocaleScope(await destinationScope(locales, destination), build);
}

/**
 * A queued message's languages, for jobs that build what they post (alerts, scheduled actions): a
 * channel reads the workspace's, a direct message (a follow) its person's. No request carries a
 * scope into a job, so each job sets its own.
 */
export function inJobLocale<T>(
  locales: LocaleResolver,
  destinationOf: (data: T) => JobDestination,
  handler: JobHandler<T>,
): JobHandler<T> {
  return async (job) => {
    const { workspace, channelId } = destinationOf(job.data);
    if (workspace === undefined) return handler(job);
    return withLocaleScope(await destinationScope(locales, { workspace, channelId }), () => handler(job));
  };
}
