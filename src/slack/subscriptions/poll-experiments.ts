import { readAndRecord, viewOf } from '../../core/experiments/knowledge.js';
import { experimentsToPoll, statusChange } from '../../core/status-diff.js';
import { parseWorkspaceKey } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';

export interface PollReport {
  checked: number;
  changed: number;
}

type PollSubscribedExperimentsDeps = Pick<
  SlackDeps,
  'subscriberAlerts' | 'subscriptions' | 'connections' | 'knowledge' | 'logger' | 'metrics'
>;

/**
 * One polling round: every experiment some subscription (or follow) names by id is read through the
 * platform's read route, where it exists (its absence is remembered per connection, and the round
 * skips that workspace). A status change (core/status-diff.ts) becomes a `status` event for the
 * experiment's subscribers.
 */
export async function pollSubscribedExperiments(
  deps: PollSubscribedExperimentsDeps,
  budgetMs: number,
): Promise<PollReport> {
  const report: PollReport = { checked: 0, changed: 0 };
  for await (const scope of deps.subscriptions.scopes()) {
    const workspace = parseWorkspaceKey(scope);
    if (!workspace) continue;
    const ids = experimentsToPoll(await deps.subscriptions.list(scope));
    if (ids.length === 0) continue;
    const connection = await deps.connections.lookup(workspace);
    if (connection.kind !== 'connected') continue;
    for (const experimentId of ids) {
      const before = (await deps.knowledge.records.get(scope, experimentId))?.status?.value;
      const read = await readAndRecord(deps.knowledge, connection, scope, experimentId, budgetMs);
      if (read.kind === 'route-missing') break;
      if (read.kind !== 'read') continue;
      report.checked += 1;
      const change = statusChange(scope, experimentId, before, read.record.status);
      if (change === undefined) continue;
      report.changed += 1;
      await deps.subscriberAlerts.notify(
        workspace,
        { channelId: undefined },
        {
          action: 'status',
          experimentId,
          status: change.status,
          outside: { actor: undefined },
          at: change.at,
        },
        await viewOf(deps.knowledge, scope, read.record),
        change.key,
      );
    }
  }
  return report;
}
