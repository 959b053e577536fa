import type { BlockButtonAction } from '@slack/bolt';
import { workspaceKey } from '../../core/workspace.js';
import { actionAccess } from '../access/middleware.js';
import { lifecycleButtonTarget } from '../access/payload-targets.js';
import { afterPendingIo } from '../after-pending-io.js';
import { escapeMrkdwn, md } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackListeners } from '../listener-registry.js';
import { SlackPayloadError } from '../payload.js';
import { responseUrlReplier } from '../replies.js';
import { askFromSlack } from '../requests/ask.js';
import { slackDraft } from '../requests/draft.js';
import { lifecycleRunner } from '../requests/runners.js';
import { openStopModalFor } from '../stop/open-modal.js';
import { workspaceFromBody } from '../workspace.js';
import type { LifecycleDeps } from './deps.js';
import { decodeButtonValue, LIFECYCLE_ACTION_ID_PATTERN } from './ids.js';
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
    async ({ ack, body, action, respond, client }) => {
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
      const where = channelId ?? body.user.id;
      const surface = buttonSurface({ client, channelId: where, respond, messageTs, logger: deps.logger });
      await askFromSlack(deps, {
        draft: slackDraft({
          workspace,
          userId: body.user.id,
          channelId: where,
          surface: 'card',
          what: { action: value.action, experimentId: value.experimentId },
        }),
        client,
        attestedInChannel: true,
        tell: (m) => replier.ephemeral(m),
        inChannelFallback: (m) => replier.inChannel(m),
        run: lifecycleRunner(deps, surface, { expectedStatus: value.status }),
      });
    },
  ]);
}
