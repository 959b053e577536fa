import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { RequestWhat } from '../../core/requests/action-request.js';
import { cancelRequest } from '../../core/requests/cancel-request.js';
import { toRequest } from '../../core/stop-reason.js';
import type { SlackMessage } from '../blocks/message.js';
import type { LifecycleSurface } from '../lifecycle/surface.js';
import { slackDraft } from '../requests/draft.js';
import { lifecycleRunner } from '../requests/runners.js';
import type { WorkflowStepsDeps } from './deps.js';
import { OUTPUT, type StepOutcome } from './ids.js';
import { parseCommonInputs, parseStopInputs, type StepInputs } from './inputs.js';
import { plainText } from './plain-text.js';
import { failed, type StepResult, type StepRun } from './step-run.js';

/**
 * Start, Stop, Archive, Unarchive as a workflow step: the inputs checked like the command's, then
 * asked as every surface asks, for the person who ran the workflow. Nobody vouches that they are in
 * the channel the workflow's author typed: Slack is asked, and a step for a channel they are not in
 * is refused (its rule, its connection and its results are that channel's members'). The result
 * goes to the channel's experiment thread and the subscribers; an action the policy sends for
 * approval posts the request and completes with outcome `approval_requested`.
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
  if (channelId === undefined) return failed(m.crashed);
  const surface = stepSurface(step, channelId);
  const asked = await deps.asking.ask(deps, {
    draft: slackDraft({
      workspace: step.workspace,
      userId: personId,
      channelId,
      surface: 'workflow',
      what: { action, experimentId, ...stopOf(parsed.value) },
    }),
    client: step.client,
    attestedInChannel: false,
    tell: surface.tell,
    run: lifecycleRunner(deps, surface),
  });
  const why = () => plainText(surface.toldText() ?? m.crashed);
  switch (asked.outcome.kind) {
    case 'ran':
      return asked.outcome.result.state === 'done'
        ? done(experimentId, 'done')
        : failed(m.notDone({ action, experimentId, why: why() }));
    case 'awaiting-approval': {
      if (asked.posted) return done(experimentId, 'approval_requested');
      // A step has no response_url to fall back on: a request nobody can see is taken back and reported.
      const { request } = asked.outcome;
      await cancelRequest(deps.asking.ports(deps, step.client), {
        scope: request.scope,
        id: request.id,
        by: personId,
      });
      return failed(m.approvalNotPosted);
    }
    case 'refused':
      // A step's own words for its inputs: the author mends the step, not a command.
      if (asked.outcome.refusal === 'stop-reason') return failed(m.reasonRequired);
      if (asked.outcome.refusal === 'other-comment') return failed(m.commentRequiredForOther);
      return failed(why());
    default:
      return failed(why());
  }
}

/** A stop's reason and comment as the step's inputs gave them (the policy's rules are the evaluation's). */
function stopOf(inputs: StepInputs): Pick<RequestWhat, 'stop'> {
  if (inputs.reason === undefined && inputs.comment === undefined) return {};
  return { stop: toRequest({ reason: inputs.reason, comment: inputs.comment }) };
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
