import type { BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { buttonValueOrTold } from '../button-value.js';
import type { SlackListeners } from '../listener-registry.js';
import { workspaceFromBody } from '../workspace.js';
import type { ExperimentDeps } from './deps.js';
import { decodeListPageValue, decodeShowValue, EXPERIMENT_ACTIONS } from './ids.js';
import { experimentListReply } from './list.js';
import { experimentReply, SHOW_READ_BUDGET_MS } from './show.js';

/** Show buttons (a card for the person) and the list's paging (the list replaced in place). */
export function registerExperimentButtons(listeners: SlackListeners): void {
  listeners.action<BlockButtonAction>(EXPERIMENT_ACTIONS.show, (deps: ExperimentDeps) => [
    async ({ ack, body, action, respond }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'show_button' });
      const decoded = await buttonValueOrTold(deps.messages, respond, decodeShowValue, action.value);
      if (decoded === undefined) return;
      const experimentId = decoded.experimentId;
      const reply = await experimentReply(deps, workspaceFromBody(body), experimentId, {
        budgetMs: SHOW_READ_BUDGET_MS,
        channelId: body.channel?.id,
      });
      await respond({ response_type: 'ephemeral', replace_original: false, ...reply });
    },
  ]);
  const page =
    (deps: ExperimentDeps) =>
    async ({ ack, body, action, respond }: SlackActionMiddlewareArgs<BlockButtonAction>) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'list_page' });
      const value = await buttonValueOrTold(deps.messages, respond, decodeListPageValue, action.value);
      if (value === undefined) return;
      const reply = await experimentListReply(
        deps,
        workspaceFromBody(body),
        value.filter,
        value.page,
        body.channel?.id,
      );
      await respond({ response_type: 'ephemeral', replace_original: true, ...reply });
    };
  listeners.action<BlockButtonAction>(EXPERIMENT_ACTIONS.listPrev, (deps: ExperimentDeps) => [page(deps)]);
  listeners.action<BlockButtonAction>(EXPERIMENT_ACTIONS.listNext, (deps: ExperimentDeps) => [page(deps)]);
}
