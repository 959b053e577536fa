import type { ViewOutput, webApi } from '@slack/bolt';
import {
  isEmptyStopReason,
  STOP_COMMENT_MAX,
  type StopFormRefusal,
  type StopReason,
  stopReasonOfForm,
  toRequest,
} from '../../core/stop-reason.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import type { Permit } from '../access/gate.js';
import { permitOf, viewAccess } from '../access/middleware.js';
import { stopSubmissionTarget } from '../access/payload-targets.js';
import { afterPendingIo } from '../after-pending-io.js';
import { requestApproval } from '../approvals/request.js';
import type { SlackDeps } from '../deps.js';
import { performLifecycle } from '../lifecycle/perform.js';
import { type LifecycleSurface, modalSurface } from '../lifecycle/surface.js';
import type { SlackListeners } from '../listener-registry.js';
import { openViewMetadata, type ViewPayloadBody } from '../view-seal/open-metadata.js';
import { inputValue, selectedValue, type ViewStateValues } from '../view-state.js';
import { workspaceFromBody } from '../workspace.js';
import type { StopDeps } from './deps.js';
import { STOP_MODAL, StopModalMetadata } from './ids.js';
import type { StopModalMessages } from './messages.js';
import { scheduleStop } from './scheduled-stop.js';

/** A submitted view id is acted on once, even if Slack or a double press delivers it twice. */
const SUBMISSION_GUARD_MS = 60_000;

/**
 * Stop modal submission: field errors go back inside the modal (response_action errors, within
 * the 3 s ack); a valid form closes the modal, then the stop runs and its result goes to the
 * channel the command came from.
 */
export function registerStopSubmission(listeners: SlackListeners): void {
  listeners.view(STOP_MODAL.callbackId, (deps: StopDeps) => [
    viewAccess(deps, stopSubmissionTarget, () => STOP_MODAL.blocks.reason),
    async ({ ack, body, view, client, context }) => {
      deps.metrics.inc('exp_interactions_total', { kind: 'stop_submission' });
      const form = await readStopForm(deps, body, view);
      if (!form.ok) {
        await ack({ response_action: 'errors', errors: form.errors });
        return;
      }
      await ack();
      await afterPendingIo();
      if (!(await deps.locks.claim(`view:${workspaceKey(form.workspace)}:${view.id}`, SUBMISSION_GUARD_MS)))
        return;
      await runStop(deps, { ...form, client, userId: body.user.id, permit: permitOf(context) });
    },
  ]);
}

/** A valid stop form: what to stop, why, and when (a time phrase, or now). */
interface StopForm {
  metadata: StopModalMetadata;
  workspace: WorkspaceRef;
  stop: StopReason;
  when: string | undefined;
}

/** The errors to show inside the modal, by block. */
type FormRefusal = { ok: false; errors: Record<string, string> };

/** The modal's metadata as the app sealed it, and its fields against the workspace's policy in force now. */
async function readStopForm(
  deps: Pick<SlackDeps, 'messages' | 'policies' | 'viewSeal' | 'audit' | 'logger'>,
  body: ViewPayloadBody,
  view: Pick<ViewOutput, 'private_metadata' | 'state'>,
): Promise<({ ok: true } & StopForm) | FormRefusal> {
  const texts = deps.messages.modals.stop;
  const opened = await openViewMetadata(deps, {
    purpose: 'stop',
    body,
    text: view.private_metadata,
    schema: StopModalMetadata,
  });
  if (!opened.ok) return { ok: false, errors: { [STOP_MODAL.blocks.reason]: opened.text } };
  const workspace = workspaceFromBody(body);
  const policy = await deps.policies.get(workspaceKey(workspace));
  const values = view.state.values as ViewStateValues;
  const chosen = selectedValue(values, STOP_MODAL.blocks.reason, STOP_MODAL.actions.reason);
  const form = stopReasonOfForm(policy, {
    chosen,
    noReasonChosen: chosen === STOP_MODAL.noReasonValue,
    comment: inputValue(values, STOP_MODAL.blocks.comment, STOP_MODAL.actions.comment),
  });
  if (!form.ok) return { ok: false, errors: formErrors(form, texts) };
  const when = inputValue(values, STOP_MODAL.blocks.when, STOP_MODAL.actions.when)?.trim();
  return { ok: true, metadata: opened.value, workspace, stop: form.stop, when };
}

/** Each problem is shown under the field that has it, inside the modal. */
function formErrors(refusal: StopFormRefusal, texts: StopModalMessages): Record<string, string> {
  switch (refusal.problem) {
    case 'reason-required':
      return { [STOP_MODAL.blocks.reason]: texts.reasonRequired };
    case 'comment-required':
      return { [STOP_MODAL.blocks.comment]: texts.commentRequiredForOther };
    case 'comment-too-long':
      return {
        [STOP_MODAL.blocks.comment]: texts.commentTooLong({ length: refusal.length, max: STOP_COMMENT_MAX }),
      };
  }
}

/** A valid form after the ack, with who submitted it and what the access decision let them do. */
interface StopRun extends StopForm {
  client: webApi.WebClient;
  userId: string;
  permit: Permit;
}

/** Schedules the stop, asks for its approval or runs it now, as the form and the decision say. */
async function runStop(deps: StopDeps, run: StopRun): Promise<void> {
  const { metadata, permit } = run;
  // Scheduled or sent for approval, the stop is not done here: no card to refresh where it was opened.
  if (run.when) {
    await scheduleStop(deps, { ...run, when: run.when, surface: stopSurface(deps, run, undefined) });
    return;
  }
  if (permit.kind === 'needs-approval') {
    await askStopApproval(deps, run, permit.ticket);
    return;
  }
  await performLifecycle(
    deps,
    {
      workspace: run.workspace,
      action: 'stop',
      experimentId: metadata.experimentId,
      // The interface makes both optional: nothing is sent rather than an empty reason.
      stop: isEmptyStopReason(run.stop) ? undefined : run.stop,
      actorId: run.userId,
      channelId: metadata.channelId,
      expectedStatus: metadata.expectedStatus,
      grant: permit.grant,
    },
    stopSurface(deps, run, metadata.fromMessage),
  );
}

/** Where the stop's outcome is told: the channel, the person, and the message it was opened from. */
function stopSurface(
  deps: Pick<SlackDeps, 'slackFetch' | 'logger'>,
  run: StopRun,
  fromMessage: StopModalMetadata['fromMessage'],
): LifecycleSurface {
  return modalSurface({
    client: run.client,
    channelId: run.metadata.channelId,
    userId: run.userId,
    responseUrl: run.metadata.responseUrl,
    fromMessage,
    fetch: deps.slackFetch,
    logger: deps.logger,
  });
}

/** The policy wants a second person: the stop is posted for their approval instead of run. */
async function askStopApproval(
  deps: Pick<SlackDeps, 'approvals' | 'audit' | 'locale' | 'logger' | 'messages' | 'slackFetch'>,
  run: StopRun,
  ticket: Extract<Permit, { kind: 'needs-approval' }>['ticket'],
): Promise<void> {
  const surface = stopSurface(deps, run, undefined);
  await requestApproval(deps, {
    workspace: run.workspace,
    ticket,
    what: { action: 'stop', experimentId: run.metadata.experimentId, stop: toRequest(run.stop) },
    channelId: run.metadata.channelId,
    client: run.client,
    tell: surface.tell,
    inChannelFallback: surface.inChannelFallback,
  });
}
