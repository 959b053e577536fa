import { readAndRecord, viewOf } from '../../core/experiments/knowledge.js';
import { parseWorkspaceKey } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';
import { notifySubscribers } from './notify-subscribers.js';

/** Ids polled per workspace and round: a subscription list is bounded, and so is one round's work. */
const IDS_PER_ROUND = 200;

export interface PollReport {
  checked: number;
  changed: number;
}

/**
 * One polling round: every experiment some subscription (or follow) names by id is read through the
 * platform's read route, where it exists (its absence is remembered per connection, and the round
 * skips that workspace). A status that differs from the one the app knew becomes a `status` event
 * for the experiment's subscribers. The first read only learns the status: nothing says it changed.
 */
export async function pollSubscribedExperiments(deps: SlackDeps, budgetMs: number): Promise<PollReport> {
  const report: PollReport = { checked: 0, changed: 0 };
  for await (const scope of deps.subscriptions.scopes()) {
    const workspace = parseWorkspaceKey(scope);
    if (!workspace) continue;
    const ids = [
      ...new Set(
        (await deps.subscriptions.list(scope)).flatMap((s) =>
          s.selector.experimentId === undefined ? [] : [s.selector.experimentId],
        ),
      ),
    ].slice(0, IDS_PER_ROUND);
    if (ids.length === 0) continue;
    const connection = await deps.connections.lookup(workspace);
    if (connection.kind !== 'connected') continue;
    for (const experimentId of ids) {
      const before = (await deps.knowledge.records.get(scope, experimentId))?.status?.value;
      const read = await readAndRecord(deps.knowledge, connection, scope, experimentId, budgetMs);
      if (read.kind === 'route-missing') break;
      if (read.kind !== 'read') continue;
      report.checked += 1;
      const status = read.record.status;
      if (before === undefined || status === undefined || status.value === before) continue;
      report.changed += 1;
      await notifySubscribers(
        deps,
        workspace,
        { channelId: undefined },
        {
          action: 'status',
          experimentId,
          status: status.value,
          outside: { actor: undefined },
          at: status.at,
        },
        await viewOf(deps.knowledge, scope, read.record),
        `poll:${scope}:${experimentId}:${status.value}:${status.at}`,
      );
    }
  }
  return report;
}
