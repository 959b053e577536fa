import type { webApi } from '@slack/bolt';
import { dueState, type ScheduledAction } from '../../core/schedule/scheduled-action.js';
import { stopReasonOfRequest } from '../../core/stop-reason.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { JobHandler, JobOutcome } from '../../jobs/job-queue.js';
import { type CheckAccessDeps, checkAccess, type Permit } from '../access/gate.js';
import { type SafeText, userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { type PerformLifecycleDeps, performLifecycle } from '../lifecycle/perform.js';
import type { ScheduledJob } from './ids.js';
import { personOf } from './person.js';
import { scheduledSurface, tellBoth } from './scheduled-surface.js';
import { whenToken } from './when-text.js';

/** Slack may take its time at a due time nobody waits on: longer than before an ack. */
const RUN_LOOKUP_BUDGET_MS = 10_000;

type ScheduledRunServices = PerformLifecycleDeps & Pick<SlackDeps, 'actors' | 'policies' | 'schedules'>;

export interface ScheduledRunDeps {
  deps: ScheduledRunServices;
  clientFor: (workspace: WorkspaceRef) => Promise<webApi.WebClient | undefined>;
  /** The clock lateness is measured with (tests move it to make a run late without waiting). */
  now?: () => Date;
}

/**
 * Runs one scheduled action at its time, on one replica. It first claims the action (a cancel
 * claiming first wins, and a job run again finds it claimed), then takes the same path as a typed
 * command: the person's access is decided again, approval must have been given, performLifecycle
 * acts and tells the channel, in the experiment's thread, and alerts the subscribers.
 */
export function scheduledActionHandler(run: ScheduledRunDeps): JobHandler<ScheduledJob> {
  const { deps } = run;
  return async (job): Promise<JobOutcome> => {
    const { scope, id } = job.data;
    let entry: ScheduledAction | undefined;
    try {
      entry = await deps.schedules.get(scope, id);
      if (!entry || !(await deps.schedules.claim(scope, id))) return { kind: 'done' };
    } catch (error) {
      deps.logger.warn('a scheduled action could not be read; trying again', { error });
      return { kind: 'retry' };
    }
    try {
      await runClaimed(run, entry, job.runAt);
    } catch (error) {
      deps.logger.error('a scheduled action failed', { error, action: entry.action });
    } finally {
      await deps.schedules.forget(scope, id).catch(() => undefined);
    }
    return { kind: 'done' };
  };
}

async function runClaimed(run: ScheduledRunDeps, entry: ScheduledAction, runAt: number): Promise<void> {
  const { deps } = run;
  const m = deps.messages.schedule;
  const workspace: WorkspaceRef = { teamId: entry.teamId, enterpriseId: entry.enterpriseId };
  const client = await run.clientFor(workspace);
  if (!client) {
    deps.logger.warn('a scheduled action has no installation to act with', { scope: entry.scope });
    return;
  }
  const user = userMention(entry.scheduledBy);
  const what = m.what({ action: entry.action, experimentId: entry.experimentId });
  const notRun = async (text: SafeText, outcome: string) => {
    await audit(deps, entry, outcome);
    await tellBoth(
      client,
      { channelId: entry.channelId, userId: entry.scheduledBy },
      textMessage(text),
      deps.logger,
    );
  };
  const due = new Date(Math.min(runAt, Date.parse(entry.runAt)));
  if (dueState({ runAt: due.toISOString() }, (run.now ?? deps.now)()) === 'missed')
    return notRun(m.missed({ user, what, when: whenToken(due, entry.timeZone) }), 'missed');
  const person = await personOf(client, entry.scheduledBy);
  if (person?.deleted) return notRun(m.notRunLeft({ user, what }), 'refused:left');
  const permit = await permitAtDueTime(deps, client, workspace, entry);
  if (permit.kind === 'refused') return notRun(m.notRunRefused({ user, what, why: permit.why }), 'refused');
  if (permit.kind === 'not-approved') return notRun(m.notApprovedInTime({ user, what }), 'not-approved');
  await performLifecycle(
    deps,
    {
      workspace,
      action: entry.action,
      experimentId: entry.experimentId,
      stop: entry.stop ? stopReasonOfRequest(entry.stop) : undefined,
      actorId: entry.scheduledBy,
      channelId: entry.channelId,
      grant: permit.grant,
      scheduledBy: entry.scheduledBy,
    },
    scheduledSurface({ client, channelId: entry.channelId, userId: entry.scheduledBy, logger: deps.logger }),
  );
}

type DuePermit =
  | { kind: 'allowed'; grant: Extract<Permit, { kind: 'allowed' }>['grant'] }
  | { kind: 'refused'; why: SafeText }
  | { kind: 'not-approved' };

type PermitAtDueTimeDeps = CheckAccessDeps;

/**
 * The gate, asked as at a typed command for the person who scheduled it. When the policy wants an
 * approval, it must have been given by now; the approver is then asked again too, as at a click.
 */
async function permitAtDueTime(
  deps: PermitAtDueTimeDeps,
  client: webApi.WebClient,
  workspace: WorkspaceRef,
  entry: ScheduledAction,
): Promise<DuePermit> {
  const target = {
    kind: 'policy' as const,
    action: entry.action,
    channelId: entry.channelId,
    experimentId: entry.experimentId,
  };
  const asked = { client, workspace, budgetMs: RUN_LOOKUP_BUDGET_MS };
  const gate = await checkAccess(deps, { ...asked, userId: entry.scheduledBy, target });
  if (!gate.allowed) return { kind: 'refused', why: gate.message.text as SafeText };
  if (gate.permit?.kind === 'allowed') return { kind: 'allowed', grant: gate.permit.grant };
  if (!entry.approvedBy || !entry.approvalId) return { kind: 'not-approved' };
  const approving = {
    requestId: entry.approvalId,
    requestedBy: entry.scheduledBy,
    decision: 'approve' as const,
  };
  const approved = await checkAccess(deps, {
    ...asked,
    userId: entry.approvedBy,
    target: { ...target, approving },
  });
  if (!approved.allowed) return { kind: 'refused', why: approved.message.text as SafeText };
  return approved.permit?.kind === 'allowed'
    ? { kind: 'allowed', grant: approved.permit.grant }
    : { kind: 'not-approved' };
}

async function audit(deps: Pick<SlackDeps, 'audit'>, entry: ScheduledAction, outcome: string): Promise<void> {
  await deps.audit.record(entry.scope, {
    userId: entry.scheduledBy,
    action: entry.action,
    experimentId: entry.experimentId,
    channelId: entry.channelId,
    decision: outcome.startsWith('refused') ? 'refused' : 'allowed',
    ...(outcome.startsWith('refused') ? { rule: outcome === 'refused' ? 'policy' : 'left' } : { outcome }),
    detail: `scheduled for ${entry.runAt}, id ${entry.id}`,
  });
}
