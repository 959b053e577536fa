import {
  isEmptyStopReason,
  type StopFormProblem,
  stopReasonOfForm,
  toRequest,
} from '../../core/stop-reason.js';
import { workspaceKey } from '../../core/workspace.js';
import { permitOf, viewAccess } from '../access/middleware.js';
import { stopSubmissionTarget } from '../access/payload-targets.js';
import { afterPendingIo } from '../after-pending-io.js';
import { requestApproval } from '../approvals/request.js';
import type { SlackDeps } from '../deps.js';
import { performLifecycle } from '../lifecycle/perform.js';
import { modalSurface } from '../lifecycle/surface.js';
import type { SlackListeners } from '../listener-registry.js';
import { openViewMetadata } from '../view-seal/open-metadata.js';
import { inputValue, selectedValue, type ViewStateValues } from '../view-state.js';
import { workspaceFromBody } from '../workspace.js';
import { STOP_MODAL, StopModalMetadata } from './ids.js';
import { scheduleStop } from './scheduled-stop.js';

/** A submitted view id is acted on once, even if Slack or a double press delivers it twice. */
const SUBMISSION_GUARD_MS = 60_000;

/**
 * Stop modal submission: field errors go back inside the modal (response_action errors, within
 * the 3 s ack); a valid form closes the modal, then the stop runs and its result goes to the
 * channel the command came from.
 */
export function registerStopSubmission(listeners: SlackListeners, deps: SlackDeps): void {
  listeners.view(
    STOP_MODAL.callbackId,
    viewAccess(deps, stopSubmissionTarget, () => STOP_MODAL.blocks.reason),
    async ({ ack, body, view, client, context }) => {
      deps.metrics.inc('exp_interactions_total', { kind: 'stop_submission' });
      const texts = deps.messages.modals.stop;
      const opened = await openViewMetadata(deps, {
        purpose: 'stop',
        body,
        text: view.private_metadata,
        schema: StopModalMetadata,
      });
      if (!opened.ok) {
        await ack({ response_action: 'errors', errors: { [STOP_MODAL.blocks.reason]: opened.text } });
        return;
      }
      const metadata = opened.value;
      const workspace = workspaceFromBody(body);
      const policy = await deps.policies.get(workspaceKey(workspace));
      const values = view.state.values as ViewStateValues;
      const chosen = selectedValue(values, STOP_MODAL.blocks.reason, STOP_MODAL.actions.reason);
      const form = stopReasonOfForm(policy, {
        chosen,
        noReasonChosen: chosen === STOP_MODAL.noReasonValue,
        comment: inputValue(values, STOP_MODAL.blocks.comment, STOP_MODAL.actions.comment),
      });
      if (!form.ok) {
        await ack({ response_action: 'errors', errors: formErrors(form.problem, texts) });
        return;
      }
      const { stop } = form;
      await ack();
      await afterPendingIo();

      if (!(await deps.locks.claim(`view:${workspaceKey(workspace)}:${view.id}`, SUBMISSION_GUARD_MS)))
        return;
      const permit = permitOf(context);
      const when = inputValue(values, STOP_MODAL.blocks.when, STOP_MODAL.actions.when)?.trim();
      // Scheduled or sent for approval, the stop is not done here: no card to refresh where it was opened.
      const surfaceOf = (fromMessage: typeof metadata.fromMessage) =>
        modalSurface({
          client,
          channelId: metadata.channelId,
          userId: body.user.id,
          responseUrl: metadata.responseUrl,
          fromMessage,
          fetch: deps.slackFetch,
          logger: deps.logger,
        });
      if (when) {
        const surface = surfaceOf(undefined);
        return scheduleStop(deps, {
          workspace,
          client,
          userId: body.user.id,
          metadata,
          stop,
          when,
          permit,
          surface,
        });
      }
      if (permit.kind === 'needs-approval') {
        const surface = surfaceOf(undefined);
        await requestApproval(deps, {
          workspace,
          ticket: permit.ticket,
          what: {
            action: 'stop',
            experimentId: metadata.experimentId,
            stop: toRequest(stop),
          },
          channelId: metadata.channelId,
          client,
          tell: surface.tell,
          inChannelFallback: surface.inChannelFallback,
        });
        return;
      }
      await performLifecycle(
        deps,
        {
          workspace,
          action: 'stop',
          experimentId: metadata.experimentId,
          // The interface makes both optional: nothing is sent rather than an empty reason.
          stop: isEmptyStopReason(stop) ? undefined : stop,
          actorId: body.user.id,
          channelId: metadata.channelId,
          expectedStatus: metadata.expectedStatus,
          grant: permit.grant,
        },
        surfaceOf(metadata.fromMessage),
      );
    },
  );
}

/** Each problem is shown under the field that has it, inside the modal. */
function formErrors(
  problem: StopFormProblem,
  texts: { reasonRequired: string; commentRequiredForOther: string },
): Record<string, string> {
  return problem === 'reason-required'
    ? { [STOP_MODAL.blocks.reason]: texts.reasonRequired }
    : { [STOP_MODAL.blocks.comment]: texts.commentRequiredForOther };
}
