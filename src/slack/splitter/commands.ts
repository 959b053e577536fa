import { lookUpFeatures } from '../../core/assignment.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { parseSplitterArgs } from './args.js';
import { splitterFailureMessage } from './error-messages.js';
import { exposeConfirmMessage } from './expose-message.js';
import { featuresMessage } from './features-message.js';
import { exposeUsageMessage, featuresUsageMessage } from './usage.js';

/** `/exp features TAG PLATFORM PARTICIPANT`: a read; it never registers an exposure. */
export async function runFeatures(
  ctx: CommandContext<Pick<SlackDeps, 'logger' | 'messages' | 'splitter'>>,
  args: readonly string[],
): Promise<void> {
  const { deps } = ctx;
  const parsed = parseSplitterArgs(args);
  if (!parsed.ok) return ctx.ack(featuresUsageMessage({ problem: parsed.problem, messages: deps.messages }));
  await ctx.ack();
  const outcome = await lookUpFeatures(deps, {
    tag: parsed.subject,
    platform: { id: parsed.platform.id },
    participant: parsed.participant,
  });
  if (outcome.kind !== 'ok') {
    await ctx.replier.ephemeral(splitterFailureMessage(outcome, deps.messages));
    return;
  }
  await ctx.replier.ephemeral(
    featuresMessage({
      tag: parsed.subject,
      platform: parsed.platform,
      participant: parsed.participant,
      features: outcome.features,
      warning: parsed.warning,
      messages: deps.messages,
    }),
  );
}

/**
 * `/exp expose LABEL PLATFORM PARTICIPANT`: registering an exposure changes experiment statistics,
 * so it only asks for confirmation here; the Confirm button makes the call.
 */
export async function runExpose(
  ctx: CommandContext<Pick<SlackDeps, 'messages'>>,
  args: readonly string[],
): Promise<void> {
  const { deps } = ctx;
  const parsed = parseSplitterArgs(args);
  if (!parsed.ok) return ctx.ack(exposeUsageMessage({ problem: parsed.problem, messages: deps.messages }));
  return ctx.ack(
    exposeConfirmMessage({
      label: parsed.subject,
      platform: parsed.platform,
      participant: parsed.participant,
      messages: deps.messages,
    }),
  );
}
