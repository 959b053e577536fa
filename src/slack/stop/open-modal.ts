import type { webApi } from '@slack/bolt';
import { checkBeforeForm, viewOf } from '../../core/experiments/knowledge.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import type { SlackMessage } from '../blocks/message.js';
import { textMessage } from '../blocks/message.js';
import { modalOpenFailedMessage } from '../blocks/notice-modal.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { slackAgo } from '../experiment/ago.js';
import { experimentCard } from '../experiment/card.js';
import { cardLabels } from '../experiment/card-labels.js';
import { statusText } from '../labels/label.js';
import { approversText } from '../requests/refusal-text.js';
import { stopModal } from './stop-modal.js';

export interface StopModalRequest {
  workspace: WorkspaceRef;
  /** The person it opens for: only they may submit it (view-seal/). */
  userId: string;
  experimentId: number;
  client: webApi.WebClient;
  triggerId: string;
  channelId: string;
  responseUrl: string | undefined;
  /** Opened from a message's Stop button: the status it was built for, and the message. */
  fromMessage?: {
    ts: string | undefined;
    expectedStatus: string | null | undefined;
    refresh: (m: SlackMessage) => Promise<void>;
  };
  /** To the person alone. */
  tell: (message: SlackMessage) => Promise<void>;
  /** A time phrase typed with the command: prefills the "when" field. */
  when?: readonly string[] | undefined;
}

type OpenStopModalForDeps = Pick<
  SlackDeps,
  | 'connections'
  | 'consoleLinks'
  | 'dictionaries'
  | 'knowledge'
  | 'logger'
  | 'messages'
  | 'policies'
  | 'viewSeal'
>;

/**
 * The stop modal, unless what the app knows says it would only waste the person's typing: an id the
 * platform reported missing, a status stop is not allowed from, or (from a button) a message built
 * for an earlier state, which is refreshed instead. The record is one store read: the trigger's 3 s
 * leave room for it.
 */
export async function openStopModalFor(deps: OpenStopModalForDeps, request: StopModalRequest): Promise<void> {
  const { experimentId, workspace } = request;
  const c = deps.messages.experimentCard;
  const check = await checkBeforeForm(deps.knowledge, workspace, experimentId, 'stop');
  const record = check.record;
  const from = request.fromMessage;
  if (
    from &&
    from.expectedStatus !== undefined &&
    record?.status &&
    record.status.value !== from.expectedStatus
  ) {
    const view = await viewOf(deps.knowledge, workspaceKey(workspace), record);
    const status = statusText(deps.messages.labels, record.status.value);
    await from.refresh(
      experimentCard({
        view,
        note: c.stale({ experimentId, status }),
        link: deps.consoleLinks?.urlOf(experimentId),
        // No modal opens on this path, so the trigger's 3 s do not wait on the names.
        labels: await cardLabels(deps, workspace, [record], { channelId: request.channelId }),
        messages: deps.messages,
      }),
    );
    return;
  }
  if (check.kind === 'not-found') {
    await request.tell(
      textMessage(
        c.formNotFound({
          experimentId,
          ago: slackAgo(new Date(check.record.notFound?.at ?? 0), deps.messages),
        }),
      ),
    );
    return;
  }
  if (check.kind === 'not-allowed') {
    await request.tell(
      textMessage(
        c.formNotAllowed({
          action: 'stop',
          experimentId,
          status: statusText(deps.messages.labels, check.status),
          actions: check.offered,
        }),
      ),
    );
    return;
  }
  try {
    await request.client.views.open({
      trigger_id: request.triggerId,
      view: deps.viewSeal.seal(
        { purpose: 'stop', userId: request.userId, workspace },
        stopModal({
          experimentId,
          name: record?.name?.value,
          status: record?.status?.value,
          ...(await stopRules(deps, workspaceKey(workspace))),
          channelId: request.channelId,
          responseUrl: request.responseUrl,
          fromMessage: from ? { ...(from.ts === undefined ? {} : { ts: from.ts }) } : undefined,
          expectedStatus: from ? (record?.status?.value ?? null) : undefined,
          initialWhen: request.when?.join(' '),
          messages: deps.messages,
        }),
      ),
    });
  } catch (error) {
    deps.logger.warn('views.open failed for the stop modal', { error, experimentId });
    await request.tell(modalOpenFailedMessage({ error, messages: deps.messages }));
  }
}

/** `/exp stop ID` without a reason. */
export async function openStopModal(
  ctx: CommandContext<OpenStopModalForDeps>,
  experimentId: number,
  when?: readonly string[],
): Promise<void> {
  await ctx.ack();
  await openStopModalFor(ctx.deps, {
    workspace: ctx.workspace,
    userId: ctx.command.user_id,
    experimentId,
    client: ctx.client,
    triggerId: ctx.command.trigger_id,
    channelId: ctx.command.channel_id,
    responseUrl: ctx.command.response_url,
    tell: (m) => ctx.replier.ephemeral(m),
    when,
  });
}

/**
 * What the workspace's policy asks of a stop, as the modal shows it: the reason and comment rules,
 * and who will be asked when a stop only asks for approval (so the form says so before it is sent).
 */
async function stopRules(deps: Pick<SlackDeps, 'messages' | 'policies'>, scope: string) {
  const policy = await deps.policies.get(scope);
  const rule = policy.actions.stop;
  return {
    reasonRequired: policy.stopReasonRequired,
    otherCommentRequired: policy.otherCommentRequired,
    asks: rule.approval ? approversText(rule.approvers, rule, deps.messages) : undefined,
  };
}
