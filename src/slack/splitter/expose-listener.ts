import type { BlockButtonAction } from '@slack/bolt';
import { registerExposure } from '../../core/assignment.js';
import { workspaceKey } from '../../core/workspace.js';
import { KNOWN_PLATFORMS } from '../../splitter/schemas.js';
import { actionAccess, permitOf } from '../access/middleware.js';
import { exposeButtonTarget } from '../access/payload-targets.js';
import { requestApproval } from '../approvals/request.js';
import { textMessage } from '../blocks/message.js';
import type { SlackListeners } from '../listener-registry.js';
import { SlackPayloadError } from '../payload.js';
import { workspaceFromBody } from '../workspace.js';
import type { SplitterDeps } from './deps.js';
import { splitterFailureMessage } from './error-messages.js';
import { exposeCancelledMessage, exposeDoneMessage } from './expose-message.js';
import { decodeExposeValue, EXPOSE_ACTIONS } from './ids.js';

/** Confirm registers the exposure once (double clicks included); Cancel only says so. */
export function registerExposeButtons(listeners: SlackListeners): void {
  listeners.action<BlockButtonAction>(EXPOSE_ACTIONS.cancel, (deps: SplitterDeps) => [
    async ({ ack, respond }) => {
      await ack();
      await respond({
        response_type: 'ephemeral',
        replace_original: true,
        ...exposeCancelledMessage({ messages: deps.messages }),
      });
    },
  ]);
  listeners.action<BlockButtonAction>(EXPOSE_ACTIONS.confirm, (deps: SplitterDeps) => [
    actionAccess(deps, exposeButtonTarget),
    async ({ ack, body, action, respond, client, context }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'expose_confirm' });
      const reply = (message: { text: string; blocks: unknown[] }, replace: boolean) =>
        respond({ response_type: 'ephemeral', replace_original: replace, ...message } as Parameters<
          typeof respond
        >[0]);
      let value: ReturnType<typeof decodeExposeValue>;
      try {
        value = decodeExposeValue(action.value ?? '');
      } catch (error) {
        if (!(error instanceof SlackPayloadError)) throw error;
        await reply(textMessage(deps.messages.input.unreadableButton), false);
        return;
      }
      const key = `expose:${workspaceKey(workspaceFromBody(body))}:${body.container?.message_ts ?? action.action_ts}`;
      if (!(await deps.locks.claim(key, 10 * 60_000))) return;
      const permit = permitOf(context);
      if (permit.kind === 'needs-approval') {
        await requestApproval(deps, {
          workspace: workspaceFromBody(body),
          ticket: permit.ticket,
          what: {
            action: 'expose',
            expose: { label: value.label, platformId: value.platformId, participant: value.participant },
          },
          channelId: body.channel?.id ?? body.user.id,
          client,
          // The confirmation is replaced by "waiting for approval": nothing was registered yet.
          tell: async (m) => {
            await reply(m, true);
          },
          inChannelFallback: async (m) => {
            await respond({ response_type: 'in_channel', replace_original: false, ...m } as Parameters<
              typeof respond
            >[0]);
          },
        });
        return;
      }
      const platform = { id: value.platformId, name: KNOWN_PLATFORMS.get(value.platformId) };
      const outcome = await registerExposure(
        deps,
        { experimentLabel: value.label, platform: { id: value.platformId }, participant: value.participant },
        { grant: permit.grant, scope: workspaceKey(workspaceFromBody(body)) },
      );
      await deps.audit.record(workspaceKey(workspaceFromBody(body)), {
        userId: body.user.id,
        action: 'expose',
        channelId: body.channel?.id,
        decision: 'allowed',
        outcome: outcome.kind,
        detail: value.label,
      });
      if (outcome.kind !== 'registered') {
        await reply(splitterFailureMessage(outcome, deps.messages), false);
        return;
      }
      await reply(
        exposeDoneMessage({
          label: value.label,
          platform,
          participant: value.participant,
          userId: body.user.id,
          messages: deps.messages,
        }),
        true,
      );
    },
  ]);
}
