import type { BlockButtonAction, webApi } from '@slack/bolt';
import type { ActionRequest } from '../../core/requests/action-request.js';
import { decideRequest } from '../../core/requests/decide-request.js';
import type { RunAllowed } from '../../core/requests/ports.js';
import { workspaceKey } from '../../core/workspace.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { LifecycleSurface } from '../lifecycle/surface.js';
import type { SlackListeners } from '../listener-registry.js';
import { inWorkspaceLanguage } from '../locale/scope.js';
import { SlackPayloadError } from '../payload.js';
import { exposeRunner, lifecycleRunner } from '../requests/runners.js';
import { workspaceFromBody } from '../workspace.js';
import { clickerReply } from './clicker-reply.js';
import type { ApprovalsDeps } from './deps.js';
import { APPROVAL_ACTIONS, decodeApprovalValue } from './ids.js';
import { openRejectModal } from './reject.js';

type Respond = (message: Record<string, unknown>) => Promise<unknown>;

/**
 * Approve decides at once (core/requests/decide-request.ts: whoever clicks must be among the
 * approvers, and the request is weighed in full before an approval is spent on it); Reject opens
 * a small form for the reason first. What the clicker alone needs to hear is said to them.
 */
export function registerApprovalButtons(listeners: SlackListeners): void {
  listeners.action<BlockButtonAction>(APPROVAL_ACTIONS.approve, (deps: ApprovalsDeps) => [
    async ({ ack, body, action, respond, client }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'approval_approve' });
      const toClicker = (m: SlackMessage) =>
        respond({ response_type: 'ephemeral', replace_original: false, ...m });
      const id = idOf(action.value);
      if (!id) return void (await toClicker(textMessage(deps.messages.input.unreadableButton)));
      const scope = workspaceKey(workspaceFromBody(body));
      const request = await deps.requests.get(scope, id);
      if (!request) return void (await toClicker(textMessage(deps.messages.approvals.notFound)));
      const run = approvedRunner(deps, request, { client, clicker: toClicker, respond: respond as Respond });
      const outcome = await decideRequest(
        deps.asking.ports(deps, client),
        { scope, id, by: body.user.id, decision: 'approve' },
        run,
      );
      const reply = await clickerReply(deps, outcome);
      if (reply) await toClicker(textMessage(reply));
    },
  ]);
  listeners.action<BlockButtonAction>(APPROVAL_ACTIONS.reject, (deps: ApprovalsDeps) => [
    async ({ ack, body, action, respond, client }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'approval_reject' });
      const id = idOf(action.value);
      if (!id)
        return void (await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...textMessage(deps.messages.input.unreadableButton),
        }));
      await openRejectModal(deps, { body, client, id, respond: respond as Respond });
    },
  ]);
}

function idOf(value: string | undefined): string | undefined {
  try {
    return decodeApprovalValue(value ?? '').id;
  } catch (error) {
    if (error instanceof SlackPayloadError) return undefined;
    throw error;
  }
}

/**
 * What runs once approved, told in the request's channel (the result goes to the experiment's
 * thread there); what only a person would hear goes to the approver who clicked and to the
 * requester, whose request it is.
 */
function approvedRunner(
  deps: ApprovalsDeps,
  request: ActionRequest,
  input: { client: webApi.WebClient; clicker: (m: SlackMessage) => Promise<unknown>; respond: Respond },
): RunAllowed {
  const toBoth = async (m: SlackMessage) => {
    await Promise.allSettled([
      input.clicker(m),
      input.client.chat.postMessage({ channel: request.requestedBy, ...m }),
    ]);
  };
  if (request.what.action === 'expose')
    return exposeRunner(inWorkspaceLanguage(deps), async (message, registered) => {
      if (!registered) return toBoth(message);
      await input.client.chat
        .postMessage({ channel: request.channelId, ...message })
        .catch(() => toBoth(message));
    });
  const surface: LifecycleSurface = {
    client: input.client,
    channelId: request.channelId,
    tell: toBoth,
    settled: async () => {},
    inChannelFallback: async (m) => {
      await input.respond({ response_type: 'in_channel', replace_original: false, ...m });
    },
  };
  return lifecycleRunner(deps, surface);
}
