import { ChannelAlertsFullError, type ChannelRef } from '../../core/alerts/channel-alerts.js';
import { formatQuietHours, parseQuietHours } from '../../core/alerts/quiet-hours.js';
import { workspaceKey } from '../../core/workspace.js';
import { code, safe, userMention } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { errorCodeOf } from '../subscriptions/alert-outcomes.js';
import { heldNames, quietSummary } from './rhythm-sweep.js';

export type QuietDeps = Pick<
  SlackDeps,
  'actors' | 'audit' | 'channelAlerts' | 'knowledge' | 'logger' | 'messages' | 'scopeOf'
>;

/**
 * `/exp subscribe [#channel] quiet:22:00-08:00 [tz:ZONE]` or `quiet:off`: the channel's quiet hours,
 * read in the named zone or the person's Slack time zone, said in the channel. Ending them posts
 * what was held at once. False when the person was told why nothing changed.
 */
export async function setQuietHours(
  ctx: CommandContext<QuietDeps>,
  input: { channelId: string; value: string; timeZone: string | undefined },
): Promise<boolean> {
  const { deps } = ctx;
  const ref: ChannelRef = { scope: deps.scopeOf(ctx.workspace), channelId: input.channelId };
  try {
    if (input.value.toLowerCase() === 'off') return await turnOff(ctx, ref);
    const zone = input.timeZone ?? (await personZone(ctx));
    const read = parseQuietHours(input.value, zone);
    if (!read.ok) {
      const value = code(read.problem === 'unknown-zone' ? zone : input.value, 100);
      await ctx.replier.ephemeral(
        textMessage(deps.messages.digest.quietUnreadable({ value, problem: read.problem })),
      );
      return false;
    }
    const workspace = { teamId: ctx.workspace.teamId, enterpriseId: ctx.workspace.enterpriseId };
    await deps.channelAlerts.set(ref, { quiet: read.quiet, workspace }, ctx.command.user_id);
    await audit(ctx, ref, `quiet ${formatQuietHours(read.quiet)} (${zone})`);
    const note = deps.messages.digest.quietSet({
      user: userMention(ctx.command.user_id),
      hours: safe(formatQuietHours(read.quiet), 40),
      zone: safe(zone, 100),
    });
    await sayInChannel(ctx, input.channelId, textMessage(note));
    return true;
  } catch (error) {
    deps.logger.error('quiet hours could not be changed', { error: errorCodeOf(error) });
    await ctx.replier.ephemeral(
      textMessage(
        error instanceof ChannelAlertsFullError ? deps.messages.digest.full : deps.messages.digest.saveFailed,
      ),
    );
    return false;
  }
}

/** `long:30d`: days from 1 to 3650; `off`. */
const LONG_MARK = /^(\d{1,4})d$/i;

/**
 * `/exp subscribe [#channel] long:30d` or `long:off`: the channel is nudged once about each
 * experiment running past that many days (src/slack/digest/rhythm-sweep.ts), said in the channel.
 * False when the person was told why nothing changed.
 */
export async function setLongMark(
  ctx: CommandContext<QuietDeps>,
  input: { channelId: string; value: string },
): Promise<boolean> {
  const { deps } = ctx;
  const ref: ChannelRef = { scope: deps.scopeOf(ctx.workspace), channelId: input.channelId };
  const off = input.value.toLowerCase() === 'off';
  const days = off ? undefined : Number(LONG_MARK.exec(input.value)?.[1] ?? Number.NaN);
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 3650)) {
    await ctx.replier.ephemeral(
      textMessage(deps.messages.digest.longUnreadable({ value: code(input.value, 40) })),
    );
    return false;
  }
  try {
    const workspace = { teamId: ctx.workspace.teamId, enterpriseId: ctx.workspace.enterpriseId };
    await deps.channelAlerts.set(ref, { longAfterDays: days, workspace }, ctx.command.user_id);
    await audit(ctx, ref, days === undefined ? 'long off' : `long ${days}d`);
    await sayInChannel(
      ctx,
      input.channelId,
      textMessage(deps.messages.digest.longSet({ user: userMention(ctx.command.user_id), days })),
    );
    return true;
  } catch (error) {
    deps.logger.error('the running-long mark could not be changed', { error: errorCodeOf(error) });
    await ctx.replier.ephemeral(
      textMessage(
        error instanceof ChannelAlertsFullError ? deps.messages.digest.full : deps.messages.digest.saveFailed,
      ),
    );
    return false;
  }
}

const WINDOW = /^(\d{1,5})(s|m|h)$/i;
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

/** `window:5m`: how close events on one experiment stay in its one message, said in the channel. */
export async function setWindow(
  ctx: CommandContext<QuietDeps>,
  input: { channelId: string; value: string },
): Promise<boolean> {
  const { deps } = ctx;
  const read = WINDOW.exec(input.value);
  const ms = read ? Number(read[1]) * (UNIT_MS[(read[2] ?? '').toLowerCase()] ?? Number.NaN) : Number.NaN;
  if (!(ms >= 1_000 && ms <= 86_400_000)) {
    await ctx.replier.ephemeral(
      textMessage(deps.messages.digest.windowUnreadable({ value: code(input.value, 40) })),
    );
    return false;
  }
  const ref: ChannelRef = { scope: deps.scopeOf(ctx.workspace), channelId: input.channelId };
  try {
    await deps.channelAlerts.set(ref, { windowMs: ms }, ctx.command.user_id);
    await audit(ctx, ref, `window ${input.value}`);
    const window = code(input.value.toLowerCase(), 10);
    await sayInChannel(
      ctx,
      input.channelId,
      textMessage(deps.messages.digest.windowSet({ user: userMention(ctx.command.user_id), window })),
    );
    return true;
  } catch (error) {
    deps.logger.error('the alert window could not be changed', { error: errorCodeOf(error) });
    await ctx.replier.ephemeral(textMessage(deps.messages.digest.saveFailed));
    return false;
  }
}

/**
 * A setting's note, in the channel it is about: in place when typed there, else posted there (as
 * the subscribe note is); where the app cannot post there, the person is told instead.
 */
async function sayInChannel(ctx: CommandContext<QuietDeps>, channelId: string, message: SlackMessage) {
  if (channelId === ctx.command.channel_id) return ctx.replier.inChannel(message);
  try {
    await ctx.client.chat.postMessage({ channel: channelId, text: message.text, blocks: message.blocks });
  } catch (error) {
    ctx.deps.logger.info('a channel setting’s note could not be posted there; told to the person', {
      error: errorCodeOf(error),
    });
    await ctx.replier.ephemeral(message);
  }
}

async function turnOff(ctx: CommandContext<QuietDeps>, ref: ChannelRef): Promise<boolean> {
  const { deps } = ctx;
  const { quiet } = await deps.channelAlerts.get(ref);
  if (!quiet) {
    await ctx.replier.ephemeral(textMessage(deps.messages.digest.quietNone));
    return false;
  }
  await deps.channelAlerts.set(ref, { quiet: undefined }, ctx.command.user_id);
  await audit(ctx, ref, 'quiet off');
  const held = await deps.channelAlerts.takeHeld(ref);
  const released = held.alerts.length + held.dropped;
  await sayInChannel(
    ctx,
    ref.channelId,
    textMessage(deps.messages.digest.quietOff({ user: userMention(ctx.command.user_id), released })),
  );
  if (released > 0) {
    const summary = quietSummary(deps.messages, quiet, held, await heldNames(deps, ref, held));
    await ctx.client.chat.postMessage({ channel: ref.channelId, text: summary.text, blocks: summary.blocks });
  }
  return true;
}

async function personZone(ctx: CommandContext<QuietDeps>): Promise<string> {
  const person = await ctx.deps.actors.person(ctx.client, ctx.workspace, ctx.command.user_id);
  return person?.timeZone || 'UTC';
}

async function audit(ctx: CommandContext<QuietDeps>, ref: ChannelRef, detail: string): Promise<void> {
  await ctx.deps.audit.record(workspaceKey(ctx.workspace), {
    userId: ctx.command.user_id,
    action: 'subscribe',
    channelId: ref.channelId,
    decision: 'allowed',
    outcome: 'done',
    detail: detail.slice(0, 300),
  });
}
