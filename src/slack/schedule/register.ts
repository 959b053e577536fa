import type { BlockButtonAction } from '@slack/bolt';
import { workspaceKey } from '../../core/workspace.js';
import { actionAccess } from '../access/middleware.js';
import { textMessage } from '../blocks/message.js';
import type { SlackListeners } from '../listener-registry.js';
import { workspaceFromBody } from '../workspace.js';
import { cancelScheduled } from './cancel.js';
import type { ScheduleDeps } from './deps.js';
import { SCHEDULE_ACTIONS, SCHEDULE_ID } from './ids.js';

/** The Cancel buttons of `/exp schedule`; who may cancel is decided per action (cancel.ts). */
export function registerSchedule(listeners: SlackListeners): void {
  listeners.action<BlockButtonAction>(SCHEDULE_ACTIONS.cancel, (deps: ScheduleDeps) => [
    actionAccess(deps, () => ({ kind: 'self' })),
    async ({ ack, body, action, client, respond }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'schedule_cancel' });
      const workspace = workspaceFromBody(body);
      const id = action.value ?? '';
      const entry = SCHEDULE_ID.test(id) ? await deps.schedules.get(workspaceKey(workspace), id) : undefined;
      const text = entry
        ? await cancelScheduled(
            deps,
            {
              workspace,
              client,
              userId: body.user.id,
              channelId: (body as { channel?: { id?: string } }).channel?.id ?? entry.channelId,
            },
            entry,
          )
        : deps.messages.schedule.nothingToCancel({ experimentId: undefined });
      await respond({ response_type: 'ephemeral', replace_original: false, ...textMessage(text) });
    },
  ]);
}
