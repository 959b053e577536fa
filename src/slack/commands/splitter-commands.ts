import { splitterErrorMessage } from '../blocks/splitter-errors.js';
import { exposeConfirmMessage } from '../blocks/splitter-expose.js';
import { featuresMessage } from '../blocks/splitter-features.js';
import { exposeUsageMessage, featuresUsageMessage } from '../blocks/splitter-usage.js';
import type { CommandContext } from './command-context.js';
import { parseSplitterArgs } from './splitter-args.js';

/** `/exp features TAG PLATFORM PARTICIPANT`: a read; it never registers an exposure. */
export async function runFeatures(ctx: CommandContext, args: readonly string[]): Promise<void> {
  const { deps } = ctx;
  const parsed = parseSplitterArgs(args);
  if (!parsed.ok) return ctx.ack(featuresUsageMessage({ error: parsed.error, messages: deps.messages }));
  await ctx.ack();
  try {
    const features = await deps.splitter.getFeaturesByTag({
      tag: parsed.subject,
      platform: { id: parsed.platform.id },
      participant: parsed.participant,
    });
    await ctx.replier.ephemeral(
      featuresMessage({
        tag: parsed.subject,
        platform: parsed.platform,
        participant: parsed.participant,
        features,
        warning: parsed.warning,
        messages: deps.messages,
      }),
    );
  } catch (error) {
    deps.logger.warn('getFeaturesByTag failed', { error: error instanceof Error ? error.name : 'unknown' });
    await ctx.replier.ephemeral(splitterErrorMessage(error, { messages: deps.messages }));
  }
}

/**
 * `/exp expose LABEL PLATFORM PARTICIPANT`: registering an exposure changes experiment statistics,
 * so it only asks for confirmation here; the Confirm button makes the call.
 */
export async function runExpose(ctx: CommandContext, args: readonly string[]): Promise<void> {
  const { deps } = ctx;
  const parsed = parseSplitterArgs(args);
  if (!parsed.ok) return ctx.ack(exposeUsageMessage({ error: parsed.error, messages: deps.messages }));
  return ctx.ack(
    exposeConfirmMessage({
      label: parsed.subject,
      platform: parsed.platform,
      participant: parsed.participant,
      messages: deps.messages,
    }),
  );
}
