import type { App } from '@slack/bolt';
import { ExperimentInterruptReason } from '../../console/schemas.js';
import { workspaceKey } from '../../lifecycle/workspace.js';
import type { SlackDeps } from '../deps.js';
import { performLifecycle } from '../lifecycle/perform.js';
import { decodeMetadata, SlackPayloadError } from '../payload.js';
import { responseUrlReplier, webApiReplier } from '../replies.js';
import { inputValue, selectedValue, type ViewStateValues } from '../view-state.js';
import { workspaceFromBody } from '../workspace.js';
import { STOP_MODAL, StopModalMetadata } from './ids.js';

/** A submitted view id is acted on once, even if Slack or a double press delivers it twice. */
const SUBMISSION_GUARD_MS = 60_000;

/**
 * Stop modal submission: field errors go back inside the modal (response_action errors, within
 * the 3 s ack); a valid form closes the modal, then the stop runs and its result goes to the
 * channel the command came from.
 */
export function registerStopSubmission(app: App, deps: SlackDeps): void {
  app.view(STOP_MODAL.callbackId, async ({ ack, body, view, client }) => {
    deps.metrics.inc('exp_interactions_total', { kind: 'stop_submission' });
    const texts = deps.messages.modals.stop;
    let metadata: StopModalMetadata;
    try {
      metadata = decodeMetadata(StopModalMetadata, view.private_metadata);
    } catch (error) {
      if (!(error instanceof SlackPayloadError)) throw error;
      await ack({
        response_action: 'errors',
        errors: { [STOP_MODAL.blocks.reason]: deps.messages.modals.expired },
      });
      return;
    }
    const values = view.state.values as ViewStateValues;
    const reason = ExperimentInterruptReason.safeParse(
      selectedValue(values, STOP_MODAL.blocks.reason, STOP_MODAL.actions.reason),
    );
    const comment =
      inputValue(values, STOP_MODAL.blocks.comment, STOP_MODAL.actions.comment)?.trim() || undefined;
    if (!reason.success) {
      await ack({ response_action: 'errors', errors: { [STOP_MODAL.blocks.reason]: texts.reasonRequired } });
      return;
    }
    if (reason.data === 'other' && !comment) {
      await ack({
        response_action: 'errors',
        errors: { [STOP_MODAL.blocks.comment]: texts.commentRequiredForOther },
      });
      return;
    }
    await ack();

    const workspace = workspaceFromBody(body);
    if (!(await deps.locks.claim(`view:${workspaceKey(workspace)}:${view.id}`, SUBMISSION_GUARD_MS))) return;
    const fallback = metadata.responseUrl
      ? responseUrlReplier(postTo(metadata.responseUrl), deps.logger)
      : undefined;
    const replier = webApiReplier({
      client,
      channelId: metadata.channelId,
      userId: body.user.id,
      logger: deps.logger,
      fallback,
    });
    await performLifecycle(
      deps,
      {
        workspace,
        action: 'stop',
        experimentId: metadata.experimentId,
        stop: { interruptReason: reason.data, interruptReasonComment: comment ?? null },
        actorId: body.user.id,
      },
      replier,
      { client, channelId: metadata.channelId },
    );
  });
}

/** A response_url kept from the command: used when the bot may not post in the channel itself. */
function postTo(responseUrl: string) {
  return async (message: Record<string, unknown>) => {
    const res = await fetch(responseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(5_000),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`response_url answered ${res.status}`);
  };
}
