import type { BlockButtonAction } from '@slack/bolt';
import { workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { actionAccess } from '../access/middleware.js';
import { userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import { connectModal } from '../connection/connect-modal.js';
import { workspaceFromEvent } from '../connection/uninstall-events.js';
import type { SlackListeners } from '../listener-registry.js';
import { errorCodeOf } from '../subscriptions/alert-outcomes.js';
import { bindingOf } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import type { HomeDeps } from './deps.js';
import { HOME_ACTIONS } from './home-view.js';

/**
 * The Home tab, published each time the person opens it (app_home_opened), and its admin buttons:
 * connect (the same modal as `/exp connect`, for the whole workspace) and disconnect (confirmed
 * first). Each click is checked again: Home shows the buttons to admins, Slack does not enforce it.
 */
export function registerHome(listeners: SlackListeners): void {
  listeners.event('app_home_opened', (deps: HomeDeps) => [
    async ({ event, body, client }) => {
      if (event.tab !== 'home') return;
      const workspace = workspaceFromEvent(body);
      if (!workspace) return;
      await deps.homeTab.publish(deps, client, workspaceOnly(workspace), event.user);
    },
  ]);

  const admins = (deps: HomeDeps, action: 'connect' | 'disconnect') =>
    actionAccess(deps, () => ({ kind: 'admin', refusal: deps.messages.connection.adminOnly, action }));

  listeners.action<BlockButtonAction>(HOME_ACTIONS.connect, (deps: HomeDeps) => [
    admins(deps, 'connect'),
    async ({ ack, body, client }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'home_connect' });
      const workspace = workspaceOnly(workspaceFromBody(body));
      const stored = await deps.connections.describe(workspace);
      try {
        await client.views.open({
          trigger_id: body.trigger_id,
          // No channel here: the person's id stands for it, and the result comes to them by DM.
          view: deps.viewSeal.seal(
            bindingOf('connect', body),
            connectModal({
              channelId: body.user.id,
              baseUrl: stored?.origin === 'stored' ? stored.baseUrl : deps.connectPrefillUrl,
              offerChannel: false,
              messages: deps.messages,
            }),
          ),
        });
      } catch (error) {
        deps.logger.warn('views.open failed for the connect modal from Home', { error: errorCodeOf(error) });
      }
    },
  ]);

  listeners.action<BlockButtonAction>(HOME_ACTIONS.disconnect, (deps: HomeDeps) => [
    admins(deps, 'disconnect'),
    async ({ ack, body, client }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'home_disconnect' });
      const workspace = workspaceOnly(workspaceFromBody(body));
      const removed = await deps.connections.disconnect(workspace);
      await deps.audit.record(workspaceKey(workspace), {
        userId: body.user.id,
        action: 'disconnect',
        decision: 'allowed',
        outcome: removed ? 'done' : 'not-connected',
        detail: "the workspace's connection (Home tab)",
      });
      const note = textMessage(
        removed
          ? deps.messages.home.disconnected({ user: userMention(body.user.id) })
          : deps.messages.home.notConnectedAnyMore,
      );
      await client.chat
        .postMessage({ channel: body.user.id, text: note.text, blocks: note.blocks })
        .catch((error: unknown) =>
          deps.logger.warn('disconnect note not sent', { error: errorCodeOf(error) }),
        );
      await deps.homeTab.publish(deps, client, workspace, body.user.id);
    },
  ]);
}
