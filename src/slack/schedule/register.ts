import type { BlockButtonAction } from '@slack/bolt';
import { actionAccess } from '../access/middleware.js';
import { textMessage } from '../blocks/message.js';
import type { SlackListeners } from '../listener-registry.js';
import { workspaceFromBody } from '../workspace.js';
import { cancelOne } from './cancel.js';
import type { ScheduleDeps } from './deps.js';
import { SCHEDULE_ACTIONS, SCHEDULE_ID } from './ids.js';

/** The Cancel buttons of `/exp schedule`; who may cancel is decided per request (its author or an admin). */
export function registerSchedule(listeners: SlackListeners): void {
  listeners.action<BlockButtonAction>(SCHEDULE_ACTIONS.cancel, (deps: ScheduleDeps) => [
    actionAccess(deps, () => ({ kind: 'self' })),
    async ({ ack, body, action, client, respond }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'schedule_cancel' });
      const id = action.value ?? '';
      const text = SCHEDULE_ID.test(id)
        ? await cancelOne(deps, { workspace: workspaceFromBody(body), client, userId: body.user.id }, id)
        : deps.messages.schedule.nothingToCancel({ experimentId: undefined });
      await respond({ response_type: 'ephemeral', replace_original: false, ...textMessage(text) });
    },
  ]);
}
