import type { webApi } from '@slack/bolt';
import type { Intent } from '../../core/intents.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import { isSlackChannelId, slackDate, userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { experimentNames } from '../experiment/names.js';
import { experimentRef } from '../labels/label.js';
import { speakingTo } from '../locale/job-scope.js';
import { requestNotices } from '../requests/notices.js';
import { notifyInterrupted } from '../subscriptions/interrupted-alert.js';

/** How often a replica looks for intents a dead process left. */
export const SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * How long one replica's report of an intent keeps the others off it. Short: a report the store cut
 * part-way (its claim taken, the intent still there) is made again by the next look after this,
 * instead of never. The intent is ended before the message is posted, so a report that did get as
 * far as posting is not found again.
 */
const REPORT_CLAIM_MS = 20_000;

type ReportOrphanedActionsDeps = Pick<
  SlackDeps,
  | 'audit'
  | 'intents'
  | 'knowledge'
  | 'locks'
  | 'logger'
  | 'locale'
  | 'messages'
  | 'locales'
  | 'requests'
  | 'policies'
  | 'subscriberAlerts'
>;

/**
 * Reports every action whose process died between sending it and hearing back: in the channel it
 * was asked from, naming the person (or to the person when there is no channel), as "outcome
 * unknown" with how to check, and to the experiment's subscribed channels. Once across replicas
 * (claimed), then forgotten.
 */
export async function reportOrphanedActions(
  deps: ReportOrphanedActionsDeps,
  clientFor: (workspace: WorkspaceRef) => Promise<Pick<webApi.WebClient, 'chat'> | undefined>,
): Promise<{ reported: number; recheckAt: number | undefined }> {
  let reported = 0;
  const { orphans, recheckAt } = await deps.intents.scanOrphans();
  // A request that got as far as sending is reported once, as outcome unknown; its receipt is not.
  const superseded = new Set(orphans.flatMap((i) => (i.receipt ? [i.receipt] : [])));
  for (const intent of orphans) {
    if (intent.phase === 'received' && superseded.has(intent.id)) {
      await deps.intents.end(intent.id);
      continue;
    }
    if (!(await deps.locks.claim(`intent-report:${intent.id}`, REPORT_CLAIM_MS))) continue;
    if ((await settleLeftRequest(deps, clientFor, intent)) === 'moved-on') {
      await deps.intents.end(intent.id);
      continue;
    }
    await report(deps, clientFor, intent, () => deps.intents.end(intent.id));
    reported += 1;
  }
  return { reported, recheckAt };
}

/**
 * The stored request a dead process's intent names, ended as the report about to be made says, so
 * the two agree and its people hear it once. A receipt's request still waiting is taken back (its
 * message, if any, says so): nothing was sent. A run's request is ended with what the intent knows
 * (done or not when it was telling, else unknown). 'moved-on' when it had moved on or ended already
 * (a due pass gave the run up, and told its people then): the intent then says nothing more.
 * Thrown when the store fails: the intent is looked at again next time.
 */
async function settleLeftRequest(
  deps: ReportOrphanedActionsDeps,
  clientFor: (workspace: WorkspaceRef) => Promise<Pick<webApi.WebClient, 'chat'> | undefined>,
  intent: Intent,
): Promise<'none' | 'ended' | 'moved-on'> {
  if (!intent.request) return 'none';
  const { scope, id } = intent.request;
  if (intent.phase !== 'received') {
    const state =
      intent.phase === 'sending' ? 'outcome-unknown' : intent.outcome === 'done' ? 'done' : 'failed';
    const ended = await deps.requests.apply(scope, id, { kind: 'finish', state, why: 'process-stopped' });
    if (ended === undefined) return 'none';
    // Ended so by an earlier look at this intent, cut before its report: the report is still owed.
    const ours = ended.request.state === state && ended.request.why === 'process-stopped';
    return ended.ok || ours ? 'ended' : 'moved-on';
  }
  const moved = await deps.requests.apply(scope, id, { kind: 'cancel', by: intent.actorId });
  if (moved === undefined) return 'none';
  if (!moved.ok) return 'moved-on';
  const client = await clientFor({ teamId: intent.teamId, enterpriseId: intent.enterpriseId });
  if (client) await requestNotices(deps, client)(moved.request, { kind: 'cancelled', by: intent.actorId });
  return 'ended';
}

/** A look again at recheckAt, bounded: not sooner than a second, never later than the regular sweep. */
export function recheckDelay(recheckAt: number | undefined, now: number): number | undefined {
  if (recheckAt === undefined) return undefined;
  return Math.min(Math.max(recheckAt - now + RECHECK_MARGIN_MS, 1_000), SWEEP_INTERVAL_MS);
}

/** Past the moment itself: a lease's TTL and this clock may differ by a little. */
const RECHECK_MARGIN_MS = 250;

async function report(
  deps: Pick<
    SlackDeps,
    'audit' | 'knowledge' | 'locale' | 'locales' | 'logger' | 'messages' | 'subscriberAlerts'
  >,
  clientFor: (workspace: WorkspaceRef) => Promise<Pick<webApi.WebClient, 'chat'> | undefined>,
  intent: Intent,
  /** Ends the intent: once it is written down, before the message goes (so it goes at most once). */
  end: () => Promise<void>,
): Promise<void> {
  const workspace = { teamId: intent.teamId, enterpriseId: intent.enterpriseId };
  const { experimentId } = intent;
  // Named as people name it when the app recorded its name (one read: the sweep answers nobody's ack).
  const names = await experimentNames(deps, workspaceKey(workspace), [experimentId]);
  const facts = {
    user: userMention(intent.actorId),
    action: intent.action,
    experimentId,
    experiment: experimentRef(experimentId, names.get(experimentId)),
    when: slackDate(new Date(intent.at)),
  };
  const channel = intent.channelId && isSlackChannelId(intent.channelId) ? intent.channelId : intent.actorId;
  // In the channel's (the workspace's) language, or the person's when it goes to them alone.
  // received: acknowledged, and the process died before it wrote that it was sending: nothing was.
  const said = (await speakingTo(deps, { workspace, channelId: channel })).messages.lifecycle;
  const message = textMessage(
    intent.phase === 'received'
      ? said.interruptedBeforeSending(facts)
      : intent.phase === 'telling'
        ? said.interruptedWhileTelling({ ...facts, done: intent.outcome === 'done' })
        : said.interrupted(facts),
  );
  await deps.audit.record(workspaceKey(workspace), {
    userId: intent.actorId,
    action: intent.action,
    experimentId: intent.experimentId,
    channelId: intent.channelId,
    decision: 'allowed',
    outcome:
      intent.phase === 'received'
        ? 'not-sent:process-stopped'
        : intent.phase === 'telling'
          ? `${intent.outcome === 'done' ? 'done' : 'not-done'}:process-stopped-while-telling`
          : 'outcome-unknown:process-stopped',
  });
  if (intent.phase === 'sending') await alertSubscribers(deps, intent);
  const client = await clientFor(workspace);
  await end();
  if (!client) {
    deps.logger.warn('an interrupted action could not be reported: no installation', { intent: intent.id });
    return;
  }
  try {
    await client.chat.postMessage({ channel, ...message });
  } catch (error) {
    deps.logger.warn('an interrupted action could not be reported', { intent: intent.id, error });
  }
}

/**
 * Before the intent ends: a report cut after this is made again, and the alert queue keeps one
 * alert per run (the key), so subscribers hear it once whichever replica, or look, reports it.
 */
async function alertSubscribers(deps: Pick<SlackDeps, 'subscriberAlerts'>, intent: Intent): Promise<void> {
  await notifyInterrupted(deps, {
    workspace: { teamId: intent.teamId, enterpriseId: intent.enterpriseId },
    action: intent.action,
    experimentId: intent.experimentId,
    actorId: intent.actorId,
    channelId: intent.channelId,
    at: intent.at,
    key: intent.request?.id ?? intent.id,
  });
}
