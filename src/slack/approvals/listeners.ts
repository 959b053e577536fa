import type { BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { ApprovalRequest } from '../../core/approvals/approval.js';
import { registerExposure } from '../../core/assignment.js';
import type { Grant } from '../../core/policy/grant.js';
import { otherCommentMissing, stopReasonOfRequest } from '../../core/stop-reason.js';
import { workspaceKey } from '../../core/workspace.js';
import { KNOWN_PLATFORMS } from '../../splitter/schemas.js';
import type { AccessTarget } from '../access/gate.js';
import { actionAccess, grantOf } from '../access/middleware.js';
import { type SafeText, userMention } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { type PerformLifecycleDeps, performLifecycle } from '../lifecycle/perform.js';
import type { LifecycleSurface } from '../lifecycle/surface.js';
import type { SlackListeners } from '../listener-registry.js';
import { inWorkspaceLanguage, workspaceMessages } from '../locale/scope.js';
import { SlackPayloadError } from '../payload.js';
import { approveScheduled } from '../schedule/approve.js';
import { splitterFailureMessage } from '../splitter/error-messages.js';
import { exposeDoneMessage } from '../splitter/expose-message.js';
import { workspaceFromBody } from '../workspace.js';
import type { ApprovalsDeps } from './deps.js';
import { APPROVAL_ACTIONS, decodeApprovalValue } from './ids.js';
import { approvalDecidedMessage, approvalWhat } from './request-message.js';

type Respond = (message: Record<string, unknown>) => Promise<unknown>;

/** Approve and Reject: whoever clicks must be allowed to do the action themselves (checked first). */
export function registerApprovalButtons(listeners: SlackListeners): void {
  for (const [actionId, decision] of [
    [APPROVAL_ACTIONS.approve, 'approve'],
    [APPROVAL_ACTIONS.reject, 'reject'],
  ] as const) {
    listeners.action<BlockButtonAction>(actionId, (deps: ApprovalsDeps) => [
      actionAccess(deps, approvalTarget(deps, decision)),
      async ({ ack, body, action, respond, client, context }) => {
        await ack();
        deps.metrics.inc('exp_interactions_total', { kind: `approval_${decision}` });
        const tell = (m: SlackMessage) =>
          respond({ response_type: 'ephemeral', replace_original: false, ...m });
        let id: string;
        try {
          id = decodeApprovalValue(action.value ?? '').id;
        } catch (error) {
          if (!(error instanceof SlackPayloadError)) throw error;
          return void (await tell(textMessage(deps.messages.input.unreadableButton)));
        }
        const workspace = workspaceFromBody(body);
        const outcome = await deps.approvals.decide(workspaceKey(workspace), id, decision, body.user.id);
        const a = deps.messages.approvals;
        // The request sits in the channel: what replaces it speaks the workspace's language, and
        // `text` was written in it (only the clicker's own replies speak theirs).
        const replace = (request: ApprovalRequest, text: SafeText) =>
          respond({
            replace_original: true,
            ...approvalDecidedMessage({ request, outcome: text, messages: workspaceMessages(deps) }),
          });
        switch (outcome.kind) {
          case 'not-found':
            return void (await tell(textMessage(a.notFound)));
          case 'own-request':
            return void (await tell(textMessage(a.ownRequest)));
          case 'already':
            return void (await tell(
              textMessage(
                a.already({
                  state: outcome.request.state === 'rejected' ? 'rejected' : 'approved',
                  by: userMention(outcome.request.decidedBy ?? '?'),
                }),
              ),
            ));
          case 'expired':
            await auditDecision(deps, workspace, outcome.request, body.user.id, 'expired');
            return void (await replace(
              outcome.request,
              workspaceMessages(deps).approvals.expired({
                requester: userMention(outcome.request.requestedBy),
                what: approvalWhat(outcome.request, workspaceMessages(deps)),
              }),
            ));
          case 'decided':
            return void (await replace(
              outcome.request,
              await decidedText(deps, decision, outcome.request, {
                workspace,
                approverId: body.user.id,
                grant: grantOf(context),
                client,
                respond: respond as Respond,
              }),
            ));
        }
      },
    ]);
  }
}

/**
 * The approver is decided on like anyone acting (who, where); what runs is granted as the
 * requester, whose own token must exist when the rule asks for one (checked by the gate).
 */
function approvalTarget(deps: Pick<SlackDeps, 'approvals'>, decision: 'approve' | 'reject') {
  return async ({ action, body }: SlackActionMiddlewareArgs): Promise<AccessTarget> => {
    const request = await requestOf(deps, body, (action as { value?: string }).value);
    return request
      ? {
          kind: 'policy',
          action: request.action,
          channelId: request.channelId,
          experimentId: request.experimentId,
          approving: { requestId: request.id, requestedBy: request.requestedBy, decision },
        }
      : { kind: 'read' };
  };
}

type DecidedTextDeps = PerformLifecycleDeps & Pick<SlackDeps, 'policies' | 'schedules' | 'splitter'>;

/**
 * Rejects, or lets a scheduled action run at its time, or runs the action now; says what became of
 * it in the channel's (the workspace's) language.
 */
async function decidedText(
  deps: DecidedTextDeps,
  decision: 'approve' | 'reject',
  request: ApprovalRequest,
  input: Parameters<typeof run>[2],
): Promise<SafeText> {
  if (decision === 'reject') {
    await auditDecision(deps, input.workspace, request, input.approverId, 'rejected');
    const channel = workspaceMessages(deps);
    return channel.approvals.rejected({
      requester: userMention(request.requestedBy),
      approver: userMention(input.approverId),
      what: approvalWhat(request, channel),
    });
  }
  // A scheduled action is not run now: the approval lets it run at its time.
  if (request.scheduleId !== undefined)
    return approveScheduled(inWorkspaceLanguage(deps), request, input.approverId);
  const result = await run(deps, request, input);
  return workspaceMessages(deps).approvals.approved({
    requester: userMention(request.requestedBy),
    approver: userMention(input.approverId),
    outcome: result,
  });
}

type RunDeps = PerformLifecycleDeps & Pick<SlackDeps, 'policies' | 'splitter'>;

/**
 * Runs what was approved (the approver acts, under the requester's identity); says in one line, in
 * the workspace's language, what became of it. What only the approver is told stays in theirs.
 */
async function run(
  deps: RunDeps,
  request: ApprovalRequest,
  input: {
    workspace: ReturnType<typeof workspaceFromBody>;
    approverId: string;
    /** Granted to the approver for this request: the requester's token acts. */
    grant: Grant;
    client: LifecycleSurface['client'];
    respond: Respond;
  },
): Promise<SafeText> {
  const toApprover = (m: SlackMessage) =>
    input.respond({ response_type: 'ephemeral', replace_original: false, ...m });
  if (request.action === 'expose') {
    const e = request.expose;
    if (!e) return deps.messages.approvals.notFound;
    const participant = {
      ...(e.participant.userId === undefined || e.participant.userId === null
        ? {}
        : { userId: e.participant.userId }),
      ...(e.participant.visitorId === undefined || e.participant.visitorId === null
        ? {}
        : { visitorId: e.participant.visitorId }),
    };
    const outcome = await registerExposure(
      deps,
      { experimentLabel: e.label, platform: { id: e.platformId }, participant },
      { grant: input.grant, scope: workspaceKey(input.workspace) },
    );
    await deps.audit.record(workspaceKey(input.workspace), {
      userId: input.approverId,
      action: 'expose',
      channelId: request.channelId,
      decision: 'allowed',
      outcome: outcome.kind,
      detail: e.label,
      approval: { requestId: request.id, state: 'approved', requestedBy: request.requestedBy },
    });
    const channel = workspaceMessages(deps);
    const reply =
      outcome.kind === 'registered'
        ? exposeDoneMessage({
            label: e.label,
            platform: { id: e.platformId, name: KNOWN_PLATFORMS.get(e.platformId) },
            participant,
            userId: input.approverId,
            messages: channel,
          })
        : splitterFailureMessage(outcome, channel);
    return reply.text as SafeText;
  }
  const surface: LifecycleSurface = {
    client: input.client,
    channelId: request.channelId,
    tell: async (m) => {
      await toApprover(m);
    },
    settled: async () => {},
    inChannelFallback: async (m) => {
      await input.respond({ response_type: 'in_channel', replace_original: false, ...m });
    },
  };
  // The policy in force when approved decides, as it does for the modal and the command.
  const policy = await deps.policies.get(workspaceKey(input.workspace));
  const stop = request.stop === undefined ? undefined : stopReasonOfRequest(request.stop);
  if (request.action === 'stop' && otherCommentMissing(policy, stop)) {
    return workspaceMessages(deps).input.commentRequired({ experimentId: request.experimentId });
  }
  const performed = await performLifecycle(
    deps,
    {
      workspace: input.workspace,
      action: request.action,
      experimentId: request.experimentId ?? 0,
      stop,
      actorId: input.approverId,
      channelId: request.channelId,
      grant: input.grant,
    },
    surface,
  );
  // A done or refused action's line is the channel's (lifecycle/tell-outcome.ts); anything else
  // was said to the approver alone, in their language, which the channel may not read.
  const { person, workspace } = deps.locale;
  if (performed.kind === 'done' || performed.kind === 'conflict' || person === workspace)
    return performed.line;
  return workspaceMessages(deps).approvals.toldApprover({ approver: userMention(input.approverId) });
}

/** A rejection, or a click on an expired request: what was asked did not run. */
async function auditDecision(
  deps: Pick<SlackDeps, 'audit'>,
  workspace: ReturnType<typeof workspaceFromBody>,
  request: ApprovalRequest,
  userId: string,
  state: 'rejected' | 'expired',
): Promise<void> {
  await deps.audit.record(workspaceKey(workspace), {
    userId,
    action: request.action,
    experimentId: request.experimentId,
    channelId: request.channelId,
    decision: 'allowed',
    outcome: state,
    approval: { requestId: request.id, state, requestedBy: request.requestedBy },
  });
}

async function requestOf(
  deps: Pick<SlackDeps, 'approvals'>,
  body: SlackActionMiddlewareArgs['body'],
  value: string | undefined,
): Promise<ApprovalRequest | undefined> {
  try {
    const { id } = decodeApprovalValue(value ?? '');
    return await deps.approvals.get(workspaceKey(workspaceFromBody(body)), id);
  } catch {
    return undefined;
  }
}
