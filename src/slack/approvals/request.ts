import type { webApi } from '@slack/bolt';
import type { ApprovalRequest } from '../../core/approvals/approval.js';
import { type ApprovalTicket, GrantMismatchError } from '../../core/policy/grant.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { workspaceMessages } from '../locale/scope.js';
import { errorCodeOf } from '../subscriptions/alert-outcomes.js';
import { approvalRequestMessage, approvalWhat } from './request-message.js';

export interface ApprovalAsk {
  workspace: WorkspaceRef;
  /** The access decision's answer that this action needs approval, for this person. */
  ticket: ApprovalTicket;
  what: Pick<ApprovalRequest, 'action' | 'experimentId' | 'stop' | 'expose' | 'scheduleId' | 'runAt'>;
  channelId: string;
  client: webApi.WebClient;
  /** To the person who asked. */
  tell: (message: SlackMessage) => Promise<void>;
  /** Into the channel when the bot cannot post there itself (response_url). */
  inChannelFallback?: ((message: SlackMessage) => Promise<void>) | undefined;
}

type RequestApprovalDeps = Pick<SlackDeps, 'approvals' | 'audit' | 'logger' | 'locale' | 'messages'>;

/**
 * The policy asks for a second person: nothing runs now. The request is stored (what would run,
 * exactly), posted in the channel with Approve / Reject, and the person is told it waits.
 */
export async function requestApproval(deps: RequestApprovalDeps, ask: ApprovalAsk): Promise<ApprovalRequest> {
  const { ticket } = ask;
  if (ticket.scope !== workspaceKey(ask.workspace) || ticket.action !== ask.what.action)
    throw new GrantMismatchError(
      { scope: workspaceKey(ask.workspace), action: ask.what.action },
      { scope: ticket.scope, action: ticket.action },
    );
  const request = await deps.approvals.create({
    scope: ticket.scope,
    ...ask.what,
    requestedBy: ticket.requestedBy,
    channelId: ask.channelId,
  });
  await deps.audit.record(request.scope, {
    userId: ticket.requestedBy,
    action: request.action,
    experimentId: request.experimentId,
    channelId: ask.channelId,
    decision: 'allowed',
    approval: { requestId: request.id, state: 'requested', requestedBy: ticket.requestedBy },
  });
  // Read in the channel by many: in the workspace's language (the person is told in theirs).
  const posted = approvalRequestMessage({ request, rule: ticket.rule, messages: workspaceMessages(deps) });
  try {
    const result = await ask.client.chat.postMessage({ channel: ask.channelId, ...posted });
    if (result.ts) await deps.approvals.attachMessage(request, result.ts);
  } catch (error) {
    deps.logger.info('the bot could not post the approval request; using the response_url', {
      error: errorCodeOf(error),
      channelId: ask.channelId,
    });
    if (ask.inChannelFallback) await ask.inChannelFallback(posted);
  }
  await ask.tell(
    textMessage(deps.messages.approvals.waiting({ what: approvalWhat(request, deps.messages) })),
  );
  return request;
}
