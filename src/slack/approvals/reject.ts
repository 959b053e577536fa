import type { ViewOutput, webApi } from '@slack/bolt';
import { decideRequest } from '../../core/requests/decide-request.js';
import { workspaceKey } from '../../core/workspace.js';
import { textMessage } from '../blocks/message.js';
import { modalOpenFailedMessage } from '../blocks/notice-modal.js';
import type { SlackListeners } from '../listener-registry.js';
import { openViewMetadata, type ViewPayloadBody } from '../view-seal/open-metadata.js';
import { inputValue, type ViewStateValues } from '../view-state.js';
import { workspaceFromBody } from '../workspace.js';
import { clickerReply } from './clicker-reply.js';
import type { ApprovalsDeps } from './deps.js';
import { REJECT_MODAL, RejectModalMetadata } from './ids.js';
import { rejectModal } from './reject-modal.js';

type Respond = (message: Record<string, unknown>) => Promise<unknown>;

/** Reject… opens the form at once (a trigger lives 3 s); who may reject is decided when it is sent. */
export async function openRejectModal(
  deps: ApprovalsDeps,
  input: {
    body: ViewPayloadBody & { trigger_id: string; channel?: { id?: string }; response_url?: string };
    client: webApi.WebClient;
    id: string;
    respond: Respond;
  },
): Promise<void> {
  const { body } = input;
  const workspace = workspaceFromBody(body);
  const metadata = {
    id: input.id,
    channelId: body.channel?.id ?? body.user.id,
    ...(body.response_url ? { responseUrl: body.response_url } : {}),
  };
  try {
    await input.client.views.open({
      trigger_id: body.trigger_id,
      view: deps.viewSeal.seal(
        { purpose: 'reject', userId: body.user.id, workspace },
        rejectModal({ metadata, messages: deps.messages }),
      ),
    });
  } catch (error) {
    deps.logger.warn('views.open failed for the reject form', { error });
    await input.respond({
      response_type: 'ephemeral',
      replace_original: false,
      ...modalOpenFailedMessage({ error, messages: deps.messages }),
    });
  }
}

/** The reject form sent: closed at once, then the request rejected (or the person told why not). */
export function registerRejectSubmission(listeners: SlackListeners): void {
  listeners.view(REJECT_MODAL.callbackId, (deps: ApprovalsDeps) => [
    async ({ ack, body, view, client }) => {
      const opened = await openViewMetadata(deps, {
        purpose: 'reject',
        body,
        text: view.private_metadata,
        schema: RejectModalMetadata,
      });
      if (!opened.ok) {
        await ack({ response_action: 'errors', errors: { [REJECT_MODAL.blocks.reason]: opened.text } });
        return;
      }
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'approval_reject_submitted' });
      const scope = workspaceKey(workspaceFromBody(body));
      const reason = reasonOf(view);
      const outcome = await decideRequest(
        deps.asking.ports(deps, client),
        { scope, id: opened.value.id, by: body.user.id, decision: 'reject', reason },
        async () => ({ state: 'failed', why: 'rejected' }),
      );
      const reply = await clickerReply(deps, outcome);
      if (!reply) return;
      await client.chat
        .postEphemeral({ channel: opened.value.channelId, user: body.user.id, ...textMessage(reply) })
        .catch((error: unknown) =>
          deps.logger.warn('could not tell the person why the rejection did nothing', { error }),
        );
    },
  ]);
}

function reasonOf(view: Pick<ViewOutput, 'state'>): string | undefined {
  const text = inputValue(
    view.state.values as ViewStateValues,
    REJECT_MODAL.blocks.reason,
    REJECT_MODAL.actions.reason,
  );
  return text?.trim() || undefined;
}
