import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { Grant } from '../../core/policy/grant.js';
import {
  STOP_COMMENT_MAX,
  type StopFormRefusal,
  type StopReason,
  stopReasonOfForm,
  toRequest,
} from '../../core/stop-reason.js';
import { workspaceKey } from '../../core/workspace.js';
import { checkAccess, type Permit } from '../access/gate.js';
import { requestApproval } from '../approvals/request.js';
import type { SlackMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { type PerformLifecycleDeps, performLifecycle } from '../lifecycle/perform.js';
import type { LifecycleSurface } from '../lifecycle/surface.js';
import type { WorkflowStepsDeps } from './deps.js';
import { OUTPUT, type StepOutcome } from './ids.js';
import { parseCommonInputs, parseStopInputs, type StepInputs } from './inputs.js';
import type { WorkflowStepMessages } from './messages.js';
import { plainText } from './plain-text.js';
import { failed, type StepResult, type StepRun } from './step-run.js';

/**
 * Start, Stop, Archive, Unarchive as a workflow step: the inputs checked like the command's, the
 * person who ran the workflow checked against the policy through the access gate (audited like a
 * command), then the same path as `/exp start`: the result goes to the channel's experiment
 * thread and the subscribers. An action the policy sends for approval posts the approval request
 * in the channel and completes with outcome `approval_requested`, so a workflow can say so.
 */
export async function runLifecycleStep(
  deps: WorkflowStepsDeps,
  action: LifecycleAction,
  step: StepRun,
): Promise<StepResult> {
  const m = deps.messages.workflowSteps;
  const parsed =
    action === 'stop' ? parseStopInputs(step.inputs, m) : parseCommonInputs(step.inputs, m, true);
  if (!parsed.ok) return failed(parsed.error);
  const { experimentId, channelId, personId } = parsed.value;
  if (personId === undefined) return failed(m.noPerson);
  const gate = await checkAccess(deps, {
    client: step.client,
    workspace: step.workspace,
    userId: personId,
    target: { kind: 'policy', action, channelId, experimentId },
  });
  if (!gate.allowed) return failed(plainText(gate.message.text ?? m.crashed));
  if (!gate.permit || channelId === undefined) return failed(m.crashed);
  const stop = action === 'stop' ? await stopOf(deps, step, parsed.value) : undefined;
  if (stop && !stop.ok) return stop;
  const asked = { deps, step, action, experimentId, channelId, personId, stop: stop?.stop };
  return gate.permit.kind === 'needs-approval'
    ? askApproval(asked, gate.permit)
    : perform(asked, gate.permit);
}

type StopCheck = { ok: true; stop: StopReason } | { ok: false; error: string };

/** The reason and comment against the policy in force now, as the stop modal checks them. */
async function stopOf(
  deps: Pick<SlackDeps, 'logger' | 'messages' | 'policies'>,
  step: StepRun,
  inputs: StepInputs,
): Promise<StopCheck> {
  const m = deps.messages.workflowSteps;
  let policy: Awaited<ReturnType<SlackDeps['policies']['get']>>;
  try {
    policy = await deps.policies.get(workspaceKey(step.workspace));
  } catch (error) {
    deps.logger.error('policy unreadable for a workflow stop; refusing', { error });
    return { ok: false, error: m.storeUnavailable };
  }
  const form = stopReasonOfForm(policy, {
    chosen: inputs.reason,
    noReasonChosen: inputs.reason === undefined,
    comment: inputs.comment,
  });
  if (form.ok) return form;
  return { ok: false, error: formError(form, m) };
}

function formError(refusal: StopFormRefusal, m: WorkflowStepMessages): string {
  switch (refusal.problem) {
    case 'reason-required':
      return m.reasonRequired;
    case 'comment-required':
      return m.commentRequiredForOther;
    case 'comment-too-long':
      return m.commentTooLong({ length: refusal.length, max: STOP_COMMENT_MAX });
  }
}

type AskedDeps = PerformLifecycleDeps & Pick<SlackDeps, 'approvals'>;

interface Asked {
  deps: AskedDeps;
  step: StepRun;
  action: LifecycleAction;
  experimentId: number;
  channelId: string;
  personId: string;
  stop: StopReason | undefined;
}

async function askApproval(
  asked: Asked,
  permit: Extract<Permit, { kind: 'needs-approval' }>,
): Promise<StepResult> {
  const { deps, step, action, experimentId, stop } = asked;
  // A step has no response_url to fall back on: a request nobody can see is reported, not claimed.
  let posted = true;
  await requestApproval(deps, {
    workspace: step.workspace,
    ticket: permit.ticket,
    what: { action, experimentId, ...(stop ? { stop: toRequest(stop) } : {}) },
    channelId: asked.channelId,
    client: step.client,
    // The person hears it from the workflow itself (the step's outcome), not from the app.
    tell: async () => {},
    inChannelFallback: async () => {
      posted = false;
    },
  });
  return posted
    ? done(experimentId, 'approval_requested')
    : failed(deps.messages.workflowSteps.approvalNotPosted);
}

async function perform(asked: Asked, permit: { grant: Grant }): Promise<StepResult> {
  const { deps, step, action, experimentId } = asked;
  const surface = stepSurface(step, asked.channelId);
  const performed = await performLifecycle(
    deps,
    {
      workspace: step.workspace,
      action,
      experimentId,
      stop: asked.stop,
      actorId: asked.personId,
      channelId: asked.channelId,
      grant: permit.grant,
    },
    surface,
  );
  if (performed.kind === 'done') return done(experimentId, 'done');
  const why = plainText(surface.toldText() ?? performed.line);
  return failed(deps.messages.workflowSteps.notDone({ action, experimentId, why }));
}

function done(experimentId: number, outcome: StepOutcome): StepResult {
  return { ok: true, outputs: { [OUTPUT.experimentId]: experimentId, [OUTPUT.outcome]: outcome } };
}

/**
 * A step has nobody to answer but the workflow: the channel still gets the result (thread, alerts)
 * through the lifecycle path; what would be said to the person alone becomes the step's error.
 */
function stepSurface(
  step: StepRun,
  channelId: string,
): LifecycleSurface & { toldText(): string | undefined } {
  let told: SlackMessage | undefined;
  return {
    client: step.client,
    channelId,
    tell: async (message) => {
      told = told ?? message;
    },
    settled: async () => {},
    toldText: () => told?.text,
  };
}
