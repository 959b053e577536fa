import type { webApi } from '@slack/bolt';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { matchesTarget, type ScheduledAction } from '../../core/schedule/scheduled-action.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import { type CheckAccessDeps, checkAccess } from '../access/gate.js';
import { type SafeText, userMention } from '../blocks/escape.js';
import type { SlackDeps } from '../deps.js';
import { whenToken } from './when-text.js';

export interface CancelAsk {
  workspace: WorkspaceRef;
  client: webApi.WebClient;
  userId: string;
  channelId: string;
}

type CancelScheduledDeps = CheckAccessDeps & Pick<SlackDeps, 'scheduledActions' | 'schedules'>;

/**
 * Cancels one scheduled action: whoever scheduled it may, and so may anyone the policy lets do the
 * action from that channel. The claim decides against a run starting at the same moment: the first
 * wins, and the queue's job is then taken back (or finds the action gone).
 */
export async function cancelScheduled(
  deps: CancelScheduledDeps,
  ask: CancelAsk,
  entry: ScheduledAction,
): Promise<SafeText> {
  const m = deps.messages.schedule;
  const what = m.what({ action: entry.action, experimentId: entry.experimentId });
  if (entry.scheduledBy !== ask.userId) {
    const gate = await checkAccess(deps, {
      client: ask.client,
      workspace: ask.workspace,
      userId: ask.userId,
      target: {
        kind: 'policy',
        action: entry.action,
        channelId: entry.channelId,
        experimentId: entry.experimentId,
      },
    });
    if (!gate.allowed) return m.cancelNotAllowed({ what });
  }
  if (!(await deps.schedules.claim(entry.scope, entry.id))) return m.tooLateToCancel({ what });
  await deps.scheduledActions.remove(entry.id);
  await deps.schedules.forget(entry.scope, entry.id);
  await deps.audit.record(entry.scope, {
    userId: ask.userId,
    action: entry.action,
    experimentId: entry.experimentId,
    channelId: ask.channelId,
    decision: 'allowed',
    outcome: 'unscheduled',
    detail: `scheduled by ${entry.scheduledBy} for ${entry.runAt}, id ${entry.id}`,
  });
  const line = m.cancelled({
    user: userMention(ask.userId),
    what,
    when: whenToken(new Date(entry.runAt), entry.timeZone),
  });
  await ask.client.chat.postMessage({ channel: entry.channelId, text: line }).catch((error: unknown) => {
    deps.logger.info('a cancel could not be announced in the channel', { error });
  });
  return line;
}

/** `/exp unschedule ID [action]`: every matching action is cancelled; the answer says each. */
export async function cancelMatching(
  deps: CancelScheduledDeps,
  ask: CancelAsk,
  target: { experimentId: number; action?: LifecycleAction | undefined },
): Promise<SafeText[]> {
  const entries = (await deps.schedules.list(workspaceKey(ask.workspace))).filter((e) =>
    matchesTarget(e, target.experimentId, target.action),
  );
  if (entries.length === 0)
    return [deps.messages.schedule.nothingToCancel({ experimentId: target.experimentId })];
  const lines: SafeText[] = [];
  for (const entry of entries) lines.push(await cancelScheduled(deps, ask, entry));
  return lines;
}
