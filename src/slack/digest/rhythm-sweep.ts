import type { webApi } from '@slack/bolt';
import type { ChannelAlerts, ChannelRef } from '../../core/alerts/channel-alerts.js';
import { isEmptyDigest } from '../../core/alerts/digest.js';
import { type DigestSchedule, latestDue, nextDue, periodMsOf } from '../../core/alerts/digest-schedule.js';
import { formatQuietHours, isQuietAt, type QuietHours } from '../../core/alerts/quiet-hours.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import { joinSafe, safe } from '../blocks/escape.js';
import { fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { type ExperimentNames, experimentNames, NO_NAMES } from '../experiment/names.js';
import { speakingTo } from '../locale/job-scope.js';
import type { Messages } from '../messages/index.js';
import { AlertJob } from '../subscriptions/alert-job.js';
import { alertLine } from '../subscriptions/alert-message.js';
import { errorCodeOf } from '../subscriptions/alert-outcomes.js';
import { type ChannelDigestDeps, channelDigest } from './channel-digest.js';
import { digestMessage } from './digest-message.js';
import { DIGEST_BLOCKS } from './ids.js';
import { nudgeKey, nudgeMessage } from './nudge-message.js';

/** How often every replica looks at the clock for quiet hours ending and digests coming due. */
export const RHYTHM_INTERVAL_MS = 30_000;
/** Held alerts a summary lists; the rest are counted. */
const HELD_SHOWN = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

type Client = Pick<webApi.WebClient, 'chat'>;

export type RhythmDeps = ChannelDigestDeps &
  Pick<SlackDeps, 'channelAlerts' | 'locale' | 'locales' | 'logger' | 'messages'>;

export interface RhythmPass {
  digests: number;
  summaries: number;
  nudges: number;
}

/**
 * One look at the wall clock for every channel with quiet hours or a digest: the alerts held while
 * its quiet hours lasted are posted as one summary once they end, and a digest due since the last
 * one is posted unless its period was empty. Each is had by one replica (held alerts taken, a
 * digest claimed by its due time, both by compare-and-set); a channel that fails is looked at again
 * next time.
 */
export async function rhythmPass(
  deps: RhythmDeps,
  clientFor: (workspace: WorkspaceRef) => Promise<Client | undefined>,
  now: number,
): Promise<RhythmPass> {
  const pass: RhythmPass = { digests: 0, summaries: 0, nudges: 0 };
  for (const ref of await deps.channelAlerts.channels()) {
    try {
      const settings = await deps.channelAlerts.get(ref);
      const client = settings.workspace && (await clientFor(settings.workspace));
      if (!client || !settings.workspace) continue;
      const speaking = await speakingTo(deps, { workspace: settings.workspace, channelId: ref.channelId });
      if (settings.quiet && !isQuietAt(settings.quiet, now))
        pass.summaries += await postHeld(speaking, client, ref, settings.quiet);
      if (settings.longAfterDays !== undefined)
        pass.nudges += await postNudges(speaking, client, ref, settings.longAfterDays, now);
      if (settings.digest)
        pass.digests += await postDigestIfDue(
          speaking,
          client,
          ref,
          { ...settings, digest: settings.digest },
          now,
        );
    } catch (error) {
      deps.logger.warn('a channel’s held alerts or digest could not be posted; looked at again next time', {
        channelId: ref.channelId,
        error: errorCodeOf(error),
      });
    }
  }
  return pass;
}

async function postHeld(
  deps: RhythmDeps,
  client: Client,
  ref: ChannelRef,
  quiet: QuietHours,
): Promise<number> {
  const held = await deps.channelAlerts.takeHeld(ref);
  if (held.alerts.length === 0) return 0;
  const summary = quietSummary(deps.messages, quiet, held, await heldNames(deps, ref, held));
  try {
    await client.chat.postMessage({ channel: ref.channelId, text: summary.text, blocks: summary.blocks });
  } catch (error) {
    // Held again for the next look: the summary was not posted.
    for (const alert of held.alerts) await deps.channelAlerts.hold(ref, alert);
    throw error;
  }
  return 1;
}

type Held = { alerts: { event: unknown }[]; dropped: number };

/** The held alerts' events (notices and what cannot be read are left out). */
function heldEvents(held: Held) {
  return held.alerts.flatMap((alert) => {
    const job = AlertJob.safeParse(alert.event);
    return !job.success || job.data.notice ? [] : [job.data];
  });
}

/** The names the app recorded for the experiments of held alerts: the summary names them first. */
export function heldNames(
  deps: Pick<SlackDeps, 'knowledge' | 'logger'>,
  ref: ChannelRef,
  held: Held,
): Promise<ExperimentNames> {
  return experimentNames(
    deps,
    ref.scope,
    heldEvents(held).map((job) => job.event.experimentId),
  );
}

/** The summary of a channel's held alerts: how many, and each as its thread line would read. */
export function quietSummary(
  messages: Messages,
  quiet: QuietHours,
  held: Held,
  names: ExperimentNames = NO_NAMES,
): SlackMessage {
  const lines = heldEvents(held).map((job) =>
    alertLine({
      event: job.event,
      originChannelId: job.originChannelId,
      experimentName: job.event.experimentId === undefined ? undefined : names.get(job.event.experimentId),
      messages,
    }),
  );
  const shown = lines.slice(-HELD_SHOWN);
  const heading = messages.digest.quietSummary({
    shown: shown.length,
    total: held.dropped + lines.length,
    hours: safe(formatQuietHours(quiet), 40),
  });
  return message(fallbackText([heading]), [
    section(heading, DIGEST_BLOCKS.quietSummary),
    ...shown.map((line, i) => section(joinSafe([line]), `${DIGEST_BLOCKS.quietHeld}${i}`)),
  ]);
}

async function postDigestIfDue(
  deps: RhythmDeps,
  client: Client,
  ref: ChannelRef,
  settings: ChannelAlerts & { digest: DigestSchedule },
  now: number,
): Promise<number> {
  const schedule = settings.digest;
  const due = latestDue(schedule, now);
  if (due <= (settings.digestedAt ?? 0)) return 0;
  if (!(await deps.channelAlerts.claimDigest(ref, due))) return 0;
  const digest = await channelDigest(deps, ref, {
    from: due - periodMsOf(schedule),
    to: due,
    nextTo: nextDue(schedule, due),
    longAfterMs: settings.longAfterDays === undefined ? undefined : settings.longAfterDays * DAY_MS,
  });
  if (isEmptyDigest(digest)) return 0;
  const posted = digestMessage({
    digest,
    messages: deps.messages,
    longDays: settings.longAfterDays,
    names: digest.names,
  });
  await client.chat.postMessage({ channel: ref.channelId, text: posted.text, blocks: posted.blocks });
  return 1;
}

/**
 * One nudge for each experiment of the channel's selection running past its mark since the start
 * the app knows of, claimed in the store so one replica posts it; again only once a "Remind me"
 * time has passed. A new start is a new run, and gets its own nudge.
 */
async function postNudges(
  deps: RhythmDeps,
  client: Client,
  ref: ChannelRef,
  markDays: number,
  now: number,
): Promise<number> {
  const { long } = await channelDigest(deps, ref, {
    from: now,
    to: now,
    nextTo: now,
    longAfterMs: markDays * DAY_MS,
  });
  let posted = 0;
  for (const running of long) {
    if (!(await deps.channelAlerts.claimNudge(ref, nudgeKey(running), now))) continue;
    const nudge = nudgeMessage({ running, markDays, now, messages: deps.messages });
    await client.chat.postMessage({ channel: ref.channelId, text: nudge.text, blocks: nudge.blocks });
    posted += 1;
  }
  return posted;
}
