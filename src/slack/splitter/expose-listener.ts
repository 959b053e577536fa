import type { BlockButtonAction } from '@slack/bolt';
import { workspaceKey } from '../../core/workspace.js';
import { actionAccess } from '../access/middleware.js';
import { exposeButtonTarget } from '../access/payload-targets.js';
import { textMessage } from '../blocks/message.js';
import type { SlackListeners } from '../listener-registry.js';
import { SlackPayloadError } from '../payload.js';
import { slackDraft } from '../requests/draft.js';
import { exposeRunner } from '../requests/runners.js';
import { workspaceFromBody } from '../workspace.js';
import type { SplitterDeps } from './deps.js';
import { exposeCancelledMessage } from './expose-message.js';
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
    async ({ ack, body, action, respond, client }) => {
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
      const expose = { label: value.label, platformId: value.platformId, participant: value.participant };
      await deps.asking.ask(deps, {
        draft: slackDraft({
          workspace: workspaceFromBody(body),
          userId: body.user.id,
          channelId: body.channel?.id ?? body.user.id,
          surface: 'card',
          what: { action: 'expose', expose },
        }),
        client,
        attestedInChannel: true,
        // The confirmation is replaced by what became of it (waiting for approval, or registered).
        tell: async (m) => {
          await reply(m, true);
        },
        inChannelFallback: async (m) => {
          await respond({ response_type: 'in_channel', replace_original: false, ...m } as Parameters<
            typeof respond
          >[0]);
        },
        run: exposeRunner(deps, (message, registered) => reply(message, registered).then(() => undefined)),
      });
    },
  ]);
}
