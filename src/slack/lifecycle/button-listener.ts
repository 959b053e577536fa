import type { BlockButtonAction } from '@slack/bolt';
import { workspaceKey } from '../../core/workspace.js';
import { actionAccess, permitOf } from '../access/middleware.js';
import { lifecycleButtonTarget } from '../access/payload-targets.js';
import { afterPendingIo } from '../after-pending-io.js';
import { requestApproval } from '../approvals/request.js';
import { escapeMrkdwn, md } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackListeners } from '../listener-registry.js';
import { SlackPayloadError } from '../payload.js';
import { responseUrlReplier } from '../replies.js';
import { openStopModalFor } from '../stop/open-modal.js';
import { workspaceFromBody } from '../workspace.js';
import type { LifecycleDeps } from './deps.js';
import { decodeButtonValue, LIFECYCLE_ACTION_ID_PATTERN } from './ids.js';
import { performLifecycle } from './perform.js';
import { duplicateClickMessage } from './result-messages.js';
import { buttonSurface } from './surface.js';

/** How long a click on one button of one message blocks an identical click (double clicks, retries). */
const CLICK_GUARD_MS = 10_000;

/**
 * Next-step buttons run exactly the command path. The button value is trusted only after zod
 * decoding; a forged or stale value gets an ephemeral answer and no platform call.
 */
export function registerLifecycleButtons(listeners: SlackListeners): void {
  listeners.action<BlockButtonAction>(LIFECYCLE_ACTION_ID_PATTERN, (deps: LifecycleDeps) => [
    actionAccess(deps, lifecycleButtonTarget),
    async ({ ack, body, action, respond, client, context }) => {
      await ack();
      await afterPendingIo();
      deps.metrics.inc('exp_interactions_total', { kind: 'lifecycle_button' });
      const replier = responseUrlReplier((m) => respond(m), deps.logger);
      let value: ReturnType<typeof decodeButtonValue>;
      try {
        value = decodeButtonValue(action.value ?? '');
      } catch (error) {
        if (!(error instanceof SlackPayloadError)) throw error;
        deps.logger.warn('refused a lifecycle button value', { reason: error.reason });
        await replier.ephemeral(textMessage(deps.messages.input.unreadableButton));
        return;
      }
      const workspace = workspaceFromBody(body);
      const channelId = body.channel?.id ?? body.container?.channel_id;
      const messageTs = body.message?.ts ?? body.container?.message_ts;
      if (value.action === 'stop') {
        await openStopModalFor(deps, {
          workspace,
          userId: body.user.id,
          experimentId: value.experimentId,
          client,
          triggerId: body.trigger_id,
          channelId: channelId ?? body.user.id,
          responseUrl: body.response_url,
          fromMessage: {
            ts: messageTs,
            expectedStatus: value.status,
            refresh: async (m) => {
              await respond({ replace_original: true, ...m });
            },
          },
          tell: (m) => replier.ephemeral(m),
        });
        return;
      }
      const permit = permitOf(context);
      if (permit.kind === 'needs-approval') {
        await requestApproval(deps, {
          workspace,
          ticket: permit.ticket,
          what: { action: value.action, experimentId: value.experimentId },
          channelId: channelId ?? body.user.id,
          client,
          tell: (m) => replier.ephemeral(m),
          inChannelFallback: (m) => replier.inChannel(m),
        });
        return;
      }
      const claimKey = `click:${workspaceKey(workspace)}:${channelId}:${messageTs ?? 'none'}:${value.action}:${value.experimentId}`;
      let first: boolean;
      try {
        first = await deps.locks.claim(claimKey, CLICK_GUARD_MS);
      } catch (error) {
        // Without the guard a double click could act twice: nothing is sent, and the person hears why.
        deps.logger.error('click guard unavailable; not acting', { error });
        await replier.ephemeral(
          textMessage(
            deps.messages.errors.storeUnavailable({
              action: md`*${escapeMrkdwn(value.action)}*`,
              experimentId: value.experimentId,
            }),
          ),
        );
        return;
      }
      if (!first) {
        await replier.ephemeral(duplicateClickMessage({ messages: deps.messages }));
        return;
      }
      await performLifecycle(
        deps,
        {
          workspace,
          action: value.action,
          experimentId: value.experimentId,
          actorId: body.user.id,
          channelId,
          expectedStatus: value.status,
          grant: permit.grant,
        },
        buttonSurface({
          client,
          channelId: channelId ?? body.user.id,
          respond,
          messageTs,
          logger: deps.logger,
        }),
      );
    },
  ]);
}
