import type { webApi } from '@slack/bolt';
import { DEFAULT_ALERT_WINDOW_MS } from '../../core/alerts/channel-alerts.js';
import { viewOf } from '../../core/experiments/knowledge.js';
import { type ExperimentRecord, threadIn } from '../../core/experiments/record.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { JobHandler, JobOutcome } from '../../jobs/job-queue.js';
import { channelMention, code } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { cardLabels } from '../experiment/card-labels.js';
import { experimentNames } from '../experiment/names.js';
import { postToExperimentThread } from '../experiment/thread-poster.js';
import { AlertJob, type EventAlertJob } from './alert-job.js';
import { alertLine, alertMessage } from './alert-message.js';
import { type AlertOutcome, errorCodeOf } from './alert-outcomes.js';

export type { AlertJob, NoticeJob } from './alert-job.js';

/** The app is not in the channel: alerts resume once it is invited, so the subscription stays. */
const NOT_MEMBER = new Set(['not_in_channel', 'restricted_action']);
/** The channel is gone for good: its subscriptions go too. */
const GONE = new Set(['channel_not_found', 'is_archived']);
/** Slack will refuse this message however often it is sent. */
const PERMANENT = new Set([
  'invalid_blocks',
  'msg_too_long',
  'no_text',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
]);

const NAMED: ReadonlySet<string> = new Set([
  'not_in_channel',
  'channel_not_found',
  'is_archived',
  'invalid_blocks',
]);

/** How long "this channel cannot be posted in" is told to its subscriber only once. */
const REPORT_ONCE_MS = 24 * 60 * 60 * 1000;

type AlertDeliveryServices = Pick<
  SlackDeps,
  | 'channelAlerts'
  | 'connections'
  | 'consoleLinks'
  | 'dictionaries'
  | 'experimentFields'
  | 'knowledge'
  | 'locks'
  | 'logger'
  | 'messages'
  | 'metrics'
  | 'subscriptions'
>;

export interface AlertDeliveryDeps {
  deps: AlertDeliveryServices;
  /** The bot's client for the workspace (its installation's token), with 429s rejected, not waited out. */
  clientFor: (workspace: WorkspaceRef) => Promise<Pick<webApi.WebClient, 'chat'> | undefined>;
}

/**
 * Delivers one queued alert. The message is built at delivery from what the app knows then, so a
 * thread's card shows the current state. A try that was cut off (the process died) is not redone:
 * Slack has no idempotency key, so the alert may or may not be there ("outcome unknown", counted).
 */
export function alertJobHandler({ deps, clientFor }: AlertDeliveryDeps): JobHandler<AlertJob> {
  const count = (outcome: AlertOutcome | 'unknown' | 'given_up') =>
    deps.metrics.inc('exp_alerts_total', { outcome });
  return async (job): Promise<JobOutcome> => {
    const read = AlertJob.safeParse(job.data);
    if (!read.success) {
      count('failed');
      deps.logger.warn('alert dropped: the queued job cannot be read', { attempt: job.attempt });
      return { kind: 'drop' };
    }
    const data = read.data;
    if (job.interrupted) {
      count('unknown');
      deps.logger.warn('an alert delivery was cut off; not sent again (outcome unknown)', {
        channelId: data.channelId,
        experimentId: data.notice ? undefined : data.event.experimentId,
      });
      return { kind: 'done' };
    }
    const client = await clientFor(data.workspace);
    if (!client) {
      count('failed');
      deps.logger.warn('alert dropped: no installation to post with', { scope: data.scope });
      return { kind: 'drop' };
    }
    try {
      if (data.notice) {
        await client.chat.postMessage({
          channel: data.channelId,
          text: data.notice.text,
          blocks: data.notice.blocks,
        });
      } else await post(deps, client, data);
      count('sent');
      await deps.channelAlerts
        .delivered({ scope: data.scope, channelId: data.channelId }, Date.now())
        .catch((error: unknown) =>
          deps.logger.warn('could not note when the channel last had an alert', { error }),
        );
      return { kind: 'done' };
    } catch (error) {
      const reason = errorCodeOf(error);
      count(
        NAMED.has(reason) ? (reason as AlertOutcome) : reason === 'ratelimited' ? 'ratelimited' : 'failed',
      );
      if (reason === 'ratelimited') {
        const seconds = Number((error as { retryAfter?: unknown }).retryAfter);
        return { kind: 'retry-after', ms: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000 };
      }
      deps.logger.warn('alert not delivered', {
        channelId: data.channelId,
        error: reason,
        attempt: job.attempt,
      });
      if (GONE.has(reason) || NOT_MEMBER.has(reason)) {
        if (!data.notice) await stopped(deps, client, data, reason);
        return { kind: 'drop' };
      }
      if (PERMANENT.has(reason)) return { kind: 'drop' };
      return { kind: 'retry' };
    }
  };
}

type PostDeps = Pick<
  SlackDeps,
  | 'channelAlerts'
  | 'connections'
  | 'consoleLinks'
  | 'dictionaries'
  | 'experimentFields'
  | 'knowledge'
  | 'logger'
  | 'messages'
>;

async function post(
  deps: PostDeps,
  client: Pick<webApi.WebClient, 'chat'>,
  job: EventAlertJob,
): Promise<void> {
  const experimentId = job.event.experimentId;
  const input = {
    event: job.event,
    originChannelId: job.originChannelId,
    fieldMapping: deps.experimentFields,
    messages: deps.messages,
  };
  if (!job.threaded || experimentId === undefined) {
    const experimentName =
      experimentId === undefined
        ? undefined
        : (await experimentNames(deps, job.scope, [experimentId])).get(experimentId);
    const alert = alertMessage({ ...input, experimentName });
    await client.chat.postMessage({ channel: job.channelId, text: alert.text, blocks: alert.blocks });
    return;
  }
  const record = await deps.knowledge.records.get(job.scope, experimentId);
  if (!record) {
    const alert = alertMessage(input);
    await client.chat.postMessage({ channel: job.channelId, text: alert.text, blocks: alert.blocks });
    return;
  }
  const ref = { scope: job.scope, channelId: job.channelId };
  const now = Date.now();
  const broadcast = await outsideWindow(deps, ref, record, now);
  const posted = await postToExperimentThread(
    {
      records: deps.knowledge.records,
      messages: deps.messages,
      logger: deps.logger,
      linkOf: (id) => deps.consoleLinks?.urlOf(id),
    },
    {
      client,
      scope: job.scope,
      channelId: job.channelId,
      event: alertLine({ ...input, experimentName: record.name?.value }),
      view: await viewOf(deps.knowledge, job.scope, record),
      // Read through the channel's connection, as `/exp show` in that channel would.
      labels: await cardLabels(deps, job.workspace, [record], { channelId: job.channelId }),
      broadcast,
    },
  );
  if (broadcast || posted.ts === posted.parentTs)
    await deps.channelAlerts
      .shown(ref, experimentId, now)
      .catch((error: unknown) =>
        deps.logger.warn('could not note when the experiment last showed', { error }),
      );
  // The job is done once the thread is remembered: the next alert then replies in it.
  await posted.remembered;
}

type StoppedDeps = Pick<SlackDeps, 'locks' | 'logger' | 'messages' | 'subscriptions'>;

/**
 * The channel cannot be posted in: a gone channel's subscriptions are removed; either way the person
 * who subscribed it hears of it by DM, once a day at most per channel and reason.
 */
async function stopped(
  deps: StoppedDeps,
  client: Pick<webApi.WebClient, 'chat'>,
  job: EventAlertJob,
  reason: string,
): Promise<void> {
  const dropped = GONE.has(reason);
  try {
    if (dropped) {
      await deps.subscriptions.unsubscribe(job.scope, job.channelId);
      deps.logger.info('subscriptions dropped: the channel is gone', { channelId: job.channelId, reason });
    }
    if (!job.subscribedBy) return;
    if (!(await deps.locks.claim(`alert-stopped:${job.scope}:${job.channelId}:${reason}`, REPORT_ONCE_MS)))
      return;
    const note = textMessage(
      deps.messages.subscriptions.deliveryStopped({
        channel: channelMention(job.channelId),
        error: code(reason, 80),
        dropped,
      }),
    );
    await client.chat.postMessage({ channel: job.subscribedBy, text: note.text, blocks: note.blocks });
  } catch (error) {
    deps.logger.warn('could not report an undeliverable channel', {
      channelId: job.channelId,
      error: errorCodeOf(error),
    });
  }
}

/**
 * Whether this event shows in the channel itself (its thread reply broadcast) rather than only in
 * the card's thread and the card's update: when the experiment last showed there longer ago than
 * the channel's window. Within it, events stay one message. Unknown (the store failed): in the thread.
 */
async function outsideWindow(
  deps: Pick<PostDeps, 'channelAlerts'>,
  ref: { scope: string; channelId: string },
  record: ExperimentRecord,
  now: number,
): Promise<boolean> {
  const thread = threadIn(record, ref.channelId);
  if (!thread) return false;
  const settings = await deps.channelAlerts.get(ref).catch(() => undefined);
  if (!settings) return false;
  const lastShown = settings.shownAt?.[String(record.experimentId)] ?? Number(thread.parentTs) * 1000;
  return Number.isFinite(lastShown) && now - lastShown > (settings.windowMs ?? DEFAULT_ALERT_WINDOW_MS);
}
