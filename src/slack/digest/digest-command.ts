import { ChannelAlertsFullError, type ChannelRef } from '../../core/alerts/channel-alerts.js';
import { isEmptyDigest } from '../../core/alerts/digest.js';
import {
  type DigestSchedule,
  latestDue,
  nextDue,
  parseDigestSchedule,
} from '../../core/alerts/digest-schedule.js';
import { formatDayMinute } from '../../core/alerts/wall-clock.js';
import { workspaceKey } from '../../core/workspace.js';
import { code, md, type SafeText, safe, slackDate, userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import type { Messages } from '../messages/index.js';
import { errorCodeOf } from '../subscriptions/alert-outcomes.js';
import { type ChannelDigestDeps, channelDigest } from './channel-digest.js';
import { digestMessage } from './digest-message.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `tz:Europe/Berlin`: the zone a schedule is read in, else the person's Slack time zone. */
const ZONE_WORD = /^tz:(.{1,100})$/i;

export type DigestDeps = ChannelDigestDeps &
  Pick<SlackDeps, 'actors' | 'audit' | 'channelAlerts' | 'logger' | 'messages' | 'scopeOf'>;

/** What `/exp digest` was asked: a preview, the digest turned off, or set to a schedule. */
export function digestAsked(words: readonly string[]): 'preview' | 'off' | 'set' {
  if (words.length === 0) return 'preview';
  return words.length === 1 && words[0]?.toLowerCase() === 'off' ? 'off' : 'set';
}

/**
 * `/exp digest`: this channel's digest now, for the person alone (since the last one, or the last
 * day); `daily HH:MM`, `weekly DAY HH:MM` or `off` set the channel's, said in the channel.
 */
export async function runDigest(ctx: CommandContext<DigestDeps>, words: readonly string[]): Promise<void> {
  const { deps } = ctx;
  await ctx.ack();
  const ref: ChannelRef = { scope: deps.scopeOf(ctx.workspace), channelId: ctx.command.channel_id };
  try {
    const asked = digestAsked(words);
    if (asked === 'preview') return await preview(ctx, ref);
    if (asked === 'off') return await turnOff(ctx, ref);
    return await setSchedule(ctx, ref, words);
  } catch (error) {
    deps.logger.error('a digest command failed on the store', { error: errorCodeOf(error) });
    await ctx.replier.ephemeral(
      textMessage(
        error instanceof ChannelAlertsFullError ? deps.messages.digest.full : deps.messages.digest.saveFailed,
      ),
    );
  }
}

async function preview(ctx: CommandContext<DigestDeps>, ref: ChannelRef): Promise<void> {
  const { deps } = ctx;
  const now = deps.channelAlerts.now();
  const { digest: schedule } = await deps.channelAlerts.get(ref);
  const from = schedule ? latestDue(schedule, now) : now - DAY_MS;
  const nextTo = schedule ? nextDue(schedule, now) : now + DAY_MS;
  const digest = await channelDigest(deps, ref, { from, to: now, nextTo });
  const said = schedule === undefined ? undefined : scheduleText(deps.messages, schedule);
  if (isEmptyDigest(digest) && digest.running.length === 0)
    return ctx.replier.ephemeral(textMessage(deps.messages.digest.emptyPreview({ schedule: said })));
  const note = deps.messages.digest.previewNote({ schedule: said });
  await ctx.replier.ephemeral(digestMessage({ digest, messages: deps.messages, note, names: digest.names }));
}

async function turnOff(ctx: CommandContext<DigestDeps>, ref: ChannelRef): Promise<void> {
  const { deps } = ctx;
  const current = await deps.channelAlerts.get(ref);
  if (!current.digest) return ctx.replier.ephemeral(textMessage(deps.messages.digest.notSet));
  await deps.channelAlerts.set(ref, { digest: undefined }, ctx.command.user_id);
  await audit(ctx, 'digest off');
  await ctx.replier.inChannel(
    textMessage(deps.messages.digest.off({ user: userMention(ctx.command.user_id) })),
  );
}

async function setSchedule(ctx: CommandContext<DigestDeps>, ref: ChannelRef, words: readonly string[]) {
  const { deps, command } = ctx;
  const zoneWord = words.find((w) => ZONE_WORD.test(w));
  const rest = words.filter((w) => w !== zoneWord);
  const zone = zoneWord ? (ZONE_WORD.exec(zoneWord)?.[1] ?? '') : await personZone(ctx);
  const read = parseDigestSchedule(rest, zone);
  if (!read.ok)
    return ctx.replier.ephemeral(
      textMessage(deps.messages.digest.unreadable({ words: code(words.join(' '), 200) })),
    );
  const now = deps.channelAlerts.now();
  // The first digest is the next one due: none is posted for a time before it was set.
  const workspace = { teamId: ctx.workspace.teamId, enterpriseId: ctx.workspace.enterpriseId };
  await deps.channelAlerts.set(
    ref,
    { digest: read.schedule, digestedAt: latestDue(read.schedule, now), workspace },
    command.user_id,
  );
  await audit(ctx, `digest ${rest.join(' ')} (${zone})`);
  const note = deps.messages.digest.set({
    user: userMention(command.user_id),
    schedule: scheduleText(deps.messages, read.schedule),
    next: slackDate(new Date(nextDue(read.schedule, now))),
  });
  await ctx.replier.inChannel(textMessage(note));
}

async function personZone(ctx: CommandContext<DigestDeps>): Promise<string> {
  const person = await ctx.deps.actors.person(ctx.client, ctx.workspace, ctx.command.user_id);
  return person?.timeZone || 'UTC';
}

async function audit(ctx: CommandContext<DigestDeps>, detail: string): Promise<void> {
  await ctx.deps.audit.record(workspaceKey(ctx.workspace), {
    userId: ctx.command.user_id,
    action: 'subscribe',
    channelId: ctx.command.channel_id,
    decision: 'allowed',
    outcome: 'done',
    detail: detail.slice(0, 300),
  });
}

/** A schedule in the reader's words. */
export function scheduleText(messages: Messages, schedule: DigestSchedule): SafeText {
  return messages.digest.schedule({
    weekday: schedule.every === 'weekly' ? schedule.weekday : undefined,
    at: md`${safe(formatDayMinute(schedule.at), 5)}`,
    zone: safe(schedule.timeZone, 100),
  });
}
