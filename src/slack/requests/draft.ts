import type { RequestDraft, RequestSurface, RequestWhat } from '../../core/requests/action-request.js';
import type { WorkspaceRef } from '../../core/workspace.js';

/** A time a request was asked for, as read in the person's zone. */
export interface AskedTime {
  runAt: Date;
  timeZone: string;
}

/** A request as a Slack surface asks it: who, where, what, when. */
export function slackDraft(input: {
  workspace: WorkspaceRef;
  userId: string;
  channelId: string;
  surface: RequestSurface;
  what: RequestWhat;
  when?: AskedTime | undefined;
}): RequestDraft {
  const { workspace, when } = input;
  return {
    teamId: workspace.teamId,
    ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
    requestedBy: input.userId,
    channelId: input.channelId,
    surface: input.surface,
    what: input.what,
    ...(when ? { runAt: when.runAt.toISOString(), timeZone: when.timeZone } : {}),
  };
}
