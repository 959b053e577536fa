import { listExperiments } from '../../core/experiments/list-experiments.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { SlackMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { cardLabels } from './card-labels.js';
import { LIST_FILTER_MAX } from './ids.js';
import { experimentListMessage } from './list-message.js';

/** Refreshing a page's statuses must leave the reply well inside a command's 10 s. */
const LIST_READ_BUDGET_MS = 4_000;

/** The filter as matched, shown and carried by the page buttons: trimmed, bounded, empty → none. */
function clipListFilter(filter: string | undefined): string | undefined {
  const trimmed = filter?.trim().replace(/\s+/g, ' ') ?? '';
  return trimmed === '' ? undefined : trimmed.slice(0, LIST_FILTER_MAX);
}

type ExperimentListReplyDeps = Pick<
  SlackDeps,
  'connections' | 'dictionaries' | 'knowledge' | 'logger' | 'messages' | 'sandboxExperiments'
>;

export async function experimentListReply(
  deps: ExperimentListReplyDeps,
  workspace: WorkspaceRef,
  filter: string | undefined,
  page: number,
  channelId?: string | undefined,
): Promise<SlackMessage> {
  const clipped = clipListFilter(filter);
  const result = await listExperiments(deps.knowledge, deps.connections, {
    workspace,
    filter: clipped,
    statusNames: deps.messages.labels.statuses,
    page,
    refresh: true,
    budgetMs: LIST_READ_BUDGET_MS,
    channelId,
  });
  // A line shows the team only; a page's teams are named in one read of the teams dictionary.
  const records = result.views.map((v) => v.record);
  const labels = await cardLabels(deps, workspace, records, { channelId, fields: ['team'] });
  return experimentListMessage({
    result,
    filter: clipped,
    labels,
    sandboxExperiments: result.total === 0 ? deps.sandboxExperiments?.() : undefined,
    messages: deps.messages,
  });
}

/** `/exp list [filter]`. */
export async function runList(
  ctx: CommandContext<ExperimentListReplyDeps>,
  filter: string | undefined,
): Promise<void> {
  await ctx.ack();
  await ctx.replier.ephemeral(
    await experimentListReply(ctx.deps, ctx.workspace, filter, 1, ctx.command.channel_id),
  );
}
