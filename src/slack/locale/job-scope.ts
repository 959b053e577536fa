import type { WorkspaceRef } from '../../core/workspace.js';
import type { JobHandler } from '../../jobs/job-queue.js';
import { isSlackUserId } from '../blocks/escape.js';
import type { LocaleResolver } from './request-scope.js';
import { withLocaleScope } from './scope.js';

/** Where a job's message goes: a channel (or a person's id, for a direct message). */
export interface JobDestination {
  workspace: WorkspaceRef | undefined;
  channelId?: string | undefined;
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
    const person = channelId !== undefined && isSlackUserId(channelId) ? channelId : undefined;
    const scope = await locales.scopeOf({ workspace, userId: person }, undefined);
    return withLocaleScope(person ? scope : { ...scope, person: scope.workspace }, () => handler(job));
  };
}
