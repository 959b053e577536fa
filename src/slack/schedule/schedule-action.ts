import { randomUUID } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { maySchedule, scheduleGroups } from '../../core/policy/schedule-rule.js';
import { readWhen } from '../../core/schedule/when.js';
import { type StopReason, toRequest } from '../../core/stop-reason.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import type { Permit } from '../access/gate.js';
import { requestApproval } from '../approvals/request.js';
import { safe, userMention } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { workspaceMessages } from '../locale/scope.js';
import { personOf } from './person.js';
import { whenToken, zoneText } from './when-text.js';

/** A lifecycle action asked for later, from a command or the stop modal, after the access check. */
export interface ScheduleAsk {
  workspace: WorkspaceRef;
  client: webApi.WebClient;
  userId: string;
  channelId: string;
  action: LifecycleAction;
  experimentId: number;
  stop?: StopReason | undefined;
  /** The time phrase as typed (`in 3d`, `at 2026-12-01 10:00`). */
  when: readonly string[];
  /** What the access decision let the person do now: run, or ask for approval. */
  permit: Permit;
  /** To the person alone. */
  tell: (message: SlackMessage) => Promise<void>;
  /** Into the channel when the bot cannot post there. */
  inChannelFallback?: ((message: SlackMessage) => Promise<void>) | undefined;
}

/** What scheduling an action uses; its callers (the command, the stop modal) need no more. */
export type ScheduleActionDeps = Pick<
  SlackDeps,
  | 'actors'
  | 'approvals'
  | 'audit'
  | 'logger'
  | 'locale'
  | 'messages'
  | 'now'
  | 'policies'
  | 'scheduledActions'
  | 'schedules'
>;

/**
 * Reads the time in the person's Slack time zone, checks the schedule switch of the policy, asks
 * for approval when the action needs it, stores the action and queues it for its time. Anything
 * refused is told with its reason, and nothing is scheduled.
 */
export async function scheduleAction(deps: ScheduleActionDeps, ask: ScheduleAsk): Promise<void> {
  const m = deps.messages.schedule;
  const person = await personOf(ask.client, ask.userId);
  const timeZone = person?.timeZone ?? 'UTC';
  const read = readWhen(ask.when, { now: deps.now(), timeZone });
  if (read.kind !== 'ok' || read.rest.length > 0) {
    const reason = read.kind === 'invalid' ? read.reason : 'unreadable';
    return ask.tell(
      textMessage(m.refused({ reason, phrase: safe(ask.when.join(' '), 200), zone: zoneText(timeZone) })),
    );
  }
  const scope = workspaceKey(ask.workspace);
  if (!(await allowedToSchedule(deps, ask, scope))) return ask.tell(textMessage(m.notAllowed));
  const id = randomUUID();
  const at = read.at;
  try {
    const approvalId = await askApproval(deps, ask, id, at);
    await deps.schedules.add({
      id,
      scope,
      teamId: ask.workspace.teamId,
      ...(ask.workspace.enterpriseId ? { enterpriseId: ask.workspace.enterpriseId } : {}),
      action: ask.action,
      experimentId: ask.experimentId,
      ...(ask.stop ? { stop: toRequest(ask.stop) } : {}),
      runAt: at.toISOString(),
      timeZone,
      scheduledBy: ask.userId,
      channelId: ask.channelId,
      ...(approvalId ? { approvalId } : {}),
    });
    await deps.scheduledActions.enqueue([{ id, lane: id, data: { scope, id }, runAt: at.getTime() }]);
  } catch (error) {
    deps.logger.error('an action could not be scheduled', { error, action: ask.action });
    await deps.schedules.forget(scope, id).catch(() => undefined);
    return ask.tell(textMessage(m.unavailable));
  }
  await deps.audit.record(scope, {
    userId: ask.userId,
    action: ask.action,
    experimentId: ask.experimentId,
    channelId: ask.channelId,
    decision: 'allowed',
    outcome: 'scheduled',
    detail: `at ${at.toISOString()} (${timeZone}), id ${id}`,
  });
  await announce(deps, ask, at, timeZone);
}

/** `/exp policy set schedule …`, beyond being allowed the action itself (the gate decided that). */
async function allowedToSchedule(
  deps: Pick<SlackDeps, 'actors' | 'audit' | 'policies'>,
  ask: ScheduleAsk,
  scope: string,
): Promise<boolean> {
  const policy = await deps.policies.get(scope);
  if (policy.schedule === undefined) return true;
  const actor = await deps.actors.actor(ask.client, ask.workspace, ask.userId, scheduleGroups(policy));
  if (actor && maySchedule(policy, actor)) return true;
  await deps.audit.record(scope, {
    userId: ask.userId,
    action: ask.action,
    experimentId: ask.experimentId,
    channelId: ask.channelId,
    decision: 'refused',
    rule: 'schedule',
  });
  return false;
}

type AskApprovalDeps = Pick<SlackDeps, 'approvals' | 'audit' | 'logger' | 'locale' | 'messages'>;

/** An action that needs approval asks for it now; the run at the due time checks it was given. */
async function askApproval(
  deps: AskApprovalDeps,
  ask: ScheduleAsk,
  scheduleId: string,
  at: Date,
): Promise<string | undefined> {
  if (ask.permit.kind !== 'needs-approval') return undefined;
  const request = await requestApproval(deps, {
    workspace: ask.workspace,
    ticket: ask.permit.ticket,
    what: {
      action: ask.action,
      experimentId: ask.experimentId,
      ...(ask.stop ? { stop: toRequest(ask.stop) } : {}),
      scheduleId,
      runAt: at.toISOString(),
    },
    channelId: ask.channelId,
    client: ask.client,
    tell: async () => {},
    inChannelFallback: ask.inChannelFallback,
  });
  return request.id;
}

async function announce(
  deps: Pick<SlackDeps, 'locale' | 'logger' | 'messages'>,
  ask: ScheduleAsk,
  at: Date,
  timeZone: string,
): Promise<void> {
  const m = deps.messages.schedule;
  const what = m.what({ action: ask.action, experimentId: ask.experimentId });
  const when = whenToken(at, timeZone);
  const zone = zoneText(timeZone);
  // Said to the channel: in the workspace's language, whatever the person who scheduled reads.
  const channelTexts = workspaceMessages(deps).schedule;
  const announced = textMessage(
    channelTexts.announced({
      user: userMention(ask.userId),
      what: channelTexts.what({ action: ask.action, experimentId: ask.experimentId }),
      when,
      zone,
    }),
  );
  try {
    await ask.client.chat.postMessage({ channel: ask.channelId, ...announced });
  } catch (error) {
    deps.logger.info('the bot could not announce a scheduled action; using the response_url', { error });
    await ask.inChannelFallback?.(announced);
  }
  const told = m.scheduled({ what, when, zone });
  await ask.tell(textMessage(ask.permit.kind === 'needs-approval' ? m.needsApproval({ what, when }) : told));
}
