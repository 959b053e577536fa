import { randomUUID } from 'node:crypto';
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
import { AlertJob, type NoticeJob } from '../subscriptions/alert-job.js';
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

export type RhythmDeps = ChannelDigestDeps &
  Pick<SlackDeps, 'alerts' | 'channelAlerts' | 'locale' | 'locales' | 'logger' | 'messages'>;

/** Where a channel's summary, digest or nudge goes: queued as its alerts are (paced, Retry-After). */
interface Destination {
  ref: ChannelRef;
  workspace: WorkspaceRef;
}

/**
 * Queues a message for the channel on its alert lane: about one a second per channel, a 429 waited
 * out for its Retry-After, kept across restarts; the same id queued again (another replica, a pass
 * after a crash) is not posted twice.
 */
async function queue(deps: Pick<SlackDeps, 'alerts'>, to: Destination, id: string, notice: SlackMessage) {
  const { ref, workspace } = to;
  const data: NoticeJob = { workspace, scope: ref.scope, channelId: ref.channelId, notice };
  await deps.alerts.enqueue([
    { id: `${id}:${ref.scope}:${ref.channelId}`, lane: `${ref.scope}:${ref.channelId}`, data },
  ]);
}

export interface RhythmPass {
  digests: number;
  summaries: number;
  nudges: number;
}

/**
 * One look at the wall clock for every channel with quiet hours or a digest: the alerts held while
 * its quiet hours lasted are posted as one summary once they end, and a digest due since the last
 * one is posted unless its period was empty; running-long nudges likewise. Each is queued on the
 * channel's alert lane once across replicas (held alerts taken; a digest or nudge queued under an
 * id of its due time, then claimed); a channel that fails is looked at again next time.
 */
export async function rhythmPass(deps: RhythmDeps, now: number): Promise<RhythmPass> {
  const pass: RhythmPass = { digests: 0, summaries: 0, nudges: 0 };
  for (const ref of await deps.channelAlerts.channels()) {
    try {
      const settings = await deps.channelAlerts.get(ref);
      if (!settings.workspace) continue;
      const to: Destination = { ref, workspace: settings.workspace };
      const speaking = await speakingTo(deps, { workspace: settings.workspace, channelId: ref.channelId });
      if (settings.quiet && !isQuietAt(settings.quiet, now))
        pass.summaries += await postHeld(speaking, to, settings.quiet);
      if (settings.longAfterDays !== undefined)
        pass.nudges += await postNudges(speaking, to, { ...settings, markDays: settings.longAfterDays }, now);
      if (settings.digest)
        pass.digests += await postDigestIfDue(speaking, to, { ...settings, digest: settings.digest }, now);
    } catch (error) {
      deps.logger.warn('a channel’s held alerts or digest could not be posted; looked at again next time', {
        channelId: ref.channelId,
        error: errorCodeOf(error),
      });
    }
  }
  return pass;
}

async function postHeld(deps: RhythmDeps, to: Destination, quiet: QuietHours): Promise<number> {
  const { ref } = to;
  const held = await deps.channelAlerts.takeHeld(ref);
  if (held.alerts.length === 0) return 0;
  const summary = quietSummary(deps.messages, quiet, held, await heldNames(deps, ref, held));
  try {
    await queue(deps, to, `quiet:${randomUUID()}`, summary);
  } catch (error) {
    // Held again for the next look: the summary was not queued.
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

/**
 * The digest due since the last one, queued under an id of its due time before it is claimed: a
 * replica that dies between the two leaves it to the next pass, whose queueing is a no-op.
 */
async function postDigestIfDue(
  deps: RhythmDeps,
  to: Destination,
  settings: ChannelAlerts & { digest: DigestSchedule },
  now: number,
): Promise<number> {
  const { ref } = to;
  const schedule = settings.digest;
  const due = latestDue(schedule, now);
  if (due <= (settings.digestedAt ?? 0)) return 0;
  const digest = await channelDigest(deps, ref, {
    from: due - periodMsOf(schedule),
    to: due,
    nextTo: nextDue(schedule, due),
    longAfterMs: settings.longAfterDays === undefined ? undefined : settings.longAfterDays * DAY_MS,
  });
  if (!isEmptyDigest(digest)) {
    const posted = digestMessage({
      digest,
      messages: deps.messages,
      longDays: settings.longAfterDays,
      names: digest.names,
    });
    await queue(deps, to, `digest:${due}`, posted);
  }
  return (await deps.channelAlerts.claimDigest(ref, due)) && !isEmptyDigest(digest) ? 1 : 0;
}

/**
 * One nudge for each experiment of the channel's selection running past its mark since the start
 * the app knows of, claimed in the store so one replica posts it; again only once a "Remind me"
 * time has passed. A new start is a new run, and gets its own nudge.
 */
async function postNudges(
  deps: RhythmDeps,
  to: Destination,
  settings: ChannelAlerts & { markDays: number },
  now: number,
): Promise<number> {
  const { ref } = to;
  const { markDays } = settings;
  const { long } = await channelDigest(deps, ref, {
    from: now,
    to: now,
    nextTo: now,
    longAfterMs: markDays * DAY_MS,
  });
  let posted = 0;
  for (const running of long) {
    const key = nudgeKey(running);
    // Queued under the round it is (first, or after which reminder) before it is claimed, as digests are.
    const round = settings.nudged?.[key] ?? 0;
    if (round > now) continue;
    const nudge = nudgeMessage({ running, markDays, now, messages: deps.messages });
    await queue(deps, to, `nudge:${key}:${round}`, nudge);
    if (await deps.channelAlerts.claimNudge(ref, key, now)) posted += 1;
  }
  return posted;
}
