import { lookUpExperiment } from '../../core/experiments/knowledge.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import { notConnectedMessage } from '../connection/replies.js';
import type { SlackDeps } from '../deps.js';
import { scheduledFor } from '../schedule/card-lines.js';
import { slackAgo } from './ago.js';
import { experimentCard } from './card.js';
import { cardLabels } from './card-labels.js';

/** A command reply must come within 10 s; the platform read gets what is left after the store. */
export const SHOW_READ_BUDGET_MS = 5_000;

type ExperimentReplyDeps = Pick<
  SlackDeps,
  'connections' | 'consoleLinks' | 'dictionaries' | 'knowledge' | 'logger' | 'messages' | 'requests'
>;

/**
 * The card of one experiment, as known now (refreshed from the platform's read route when it has
 * one), or the reason there is none. Shared by `/exp show`, the Show button and unfurls.
 */
export async function experimentReply(
  deps: ExperimentReplyDeps,
  workspace: WorkspaceRef,
  experimentId: number,
  options: { budgetMs: number; withoutButtons?: boolean; channelId?: string | undefined },
): Promise<SlackMessage> {
  const { messages } = deps;
  const c = messages.experimentCard;
  const found = await lookUpExperiment(deps.knowledge, deps.connections, workspace, experimentId, {
    refresh: true,
    budgetMs: options.budgetMs,
    channelId: options.channelId,
  });
  switch (found.kind) {
    case 'not-connected':
      return notConnectedMessage({ messages });
    case 'connection-invalid':
      return textMessage(messages.errors.invalidToken);
    case 'not-found':
      return textMessage(
        c.notFound({
          experimentId,
          ago: slackAgo(new Date(found.view.record.notFound?.at ?? Date.now()), messages),
        }),
      );
    case 'unknown':
      return textMessage(found.refreshed === 'failed' ? c.readFailed : c.neverSeen({ experimentId }));
    case 'known':
      return experimentCard({
        view: found.view,
        note:
          found.refreshed === 'route-missing'
            ? c.readRouteMissing
            : found.refreshed === 'failed'
              ? c.readFailed
              : undefined,
        link: deps.consoleLinks?.urlOf(experimentId),
        withoutButtons: options.withoutButtons,
        scheduled: await scheduledFor(deps, workspace, experimentId),
        labels: await cardLabels(deps, workspace, [found.view.record], {
          channelId: options.channelId,
          budgetMs: options.budgetMs,
        }),
        messages,
      });
  }
}

/** `/exp show ID`: the card, to the person who asked (its buttons act for everyone to see). */
export async function runShow(ctx: CommandContext<ExperimentReplyDeps>, experimentId: number): Promise<void> {
  await ctx.ack();
  const reply = await experimentReply(ctx.deps, ctx.workspace, experimentId, {
    budgetMs: SHOW_READ_BUDGET_MS,
    channelId: ctx.command.channel_id,
  });
  await ctx.replier.ephemeral(reply);
}
