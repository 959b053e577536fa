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
import { viewAccess } from '../access/middleware.js';
import { stopSubmissionTarget } from '../access/payload-targets.js';
import type { SlackDeps } from '../deps.js';
import { type LifecycleSurface, modalSurface } from '../lifecycle/surface.js';
import type { SlackListeners } from '../listener-registry.js';
import { slackDraft } from '../requests/draft.js';
import { lifecycleRunner } from '../requests/runners.js';
import { readAskedTime } from '../schedule/read-time.js';
import { openViewMetadata, type ViewPayloadBody } from '../view-seal/open-metadata.js';
import { inputValue, selectedValue, type ViewStateValues } from '../view-state.js';
import { workspaceFromBody } from '../workspace.js';
import type { StopDeps } from './deps.js';
import { STOP_MODAL, StopModalMetadata } from './ids.js';
import type { StopModalMessages } from './messages.js';

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
    async ({ ack, body, view, client }) => {
      deps.metrics.inc('exp_interactions_total', { kind: 'stop_submission' });
      const form = await readStopForm(deps, body, view);
      if (!form.ok) {
        await ack({ response_action: 'errors', errors: form.errors });
        return;
      }
      await ack();
      if (!(await deps.locks.claim(`view:${workspaceKey(form.workspace)}:${view.id}`, SUBMISSION_GUARD_MS)))
        return;
      await runStop(deps, { ...form, client, userId: body.user.id });
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

/** A valid form after the ack, with who submitted it. */
interface StopRun extends StopForm {
  client: webApi.WebClient;
  userId: string;
}

/**
 * Asks for the stop as every surface asks: decided in full, then sent for approval, scheduled (a
 * time was given) or run now, its result told in the channel and where the modal was opened from.
 */
async function runStop(deps: StopDeps, run: StopRun): Promise<void> {
  const { metadata } = run;
  const surface = stopSurface(deps, run, metadata.fromMessage);
  const when = run.when
    ? await readAskedTime(deps, {
        client: run.client,
        workspace: run.workspace,
        userId: run.userId,
        words: run.when.split(/\s+/),
      })
    : undefined;
  if (when && !when.ok) return surface.tell(when.message);
  await deps.asking.ask(deps, {
    draft: slackDraft({
      workspace: run.workspace,
      userId: run.userId,
      channelId: metadata.channelId,
      surface: 'form',
      // The interface makes both optional: nothing is sent rather than an empty reason.
      what: {
        action: 'stop',
        experimentId: metadata.experimentId,
        ...(isEmptyStopReason(run.stop) ? {} : { stop: toRequest(run.stop) }),
      },
      when: when?.when,
    }),
    client: run.client,
    attestedInChannel: true,
    tell: surface.tell,
    inChannelFallback: surface.inChannelFallback,
    run: lifecycleRunner(deps, surface, { expectedStatus: metadata.expectedStatus }),
  });
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
