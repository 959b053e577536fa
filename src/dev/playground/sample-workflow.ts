import * as z from 'zod';
import type { SlackDriver } from '../slack-emulator/driver.js';
import type { FunctionDefinition } from '../slack-emulator/functions.js';
import type { SlackEmulator } from '../slack-emulator/types.js';

// The playground's sample workflow, as an admin would build it in Workflow Builder: a form asks for
// an experiment id, a reason and a comment, then the app's Stop experiment step runs with the
// form's answers, the channel the workflow was started from and the person who started it. Slack
// runs the form itself; the app sees only the step, as function_executed.

export const SAMPLE_WORKFLOW = {
  id: 'stop-experiment',
  title: 'Stop an experiment',
  callbackId: 'stop_experiment',
} as const;

/** The Stop experiment step as the manifest declares it (test/playground-workflows.test.ts keeps them equal). */
export const STOP_STEP_DEFINITION: FunctionDefinition = {
  title: 'Stop experiment',
  description: 'Stops an experiment with a reason and a comment; the result is posted in the channel.',
  input_parameters: [
    { name: 'experiment_id', type: 'string', title: 'Experiment id', is_required: true },
    { name: 'reason', type: 'string', title: 'Reason', is_required: false },
    { name: 'comment', type: 'string', title: 'Comment', is_required: false },
    { name: 'channel_id', type: 'slack#/types/channel_id', title: 'Channel', is_required: true },
    {
      name: 'user_context',
      type: 'slack#/types/user_context',
      title: 'Person who ran the workflow',
      is_required: true,
    },
  ],
  output_parameters: [
    { name: 'experiment_id', type: 'integer', title: 'Experiment id', is_required: true },
    { name: 'outcome', type: 'string', title: 'Outcome', is_required: true },
  ],
};

/** The form's answers, bounded like a Workflow Builder form's short and long answers. */
export const WorkflowRunRequest = z.object({
  userId: z.string().regex(/^[A-Z0-9]{2,40}$/),
  teamId: z
    .string()
    .regex(/^[A-Z0-9]{2,40}$/)
    .optional(),
  channelId: z.string().regex(/^[A-Z0-9]{2,40}$/),
  workflow: z.literal(SAMPLE_WORKFLOW.id),
  form: z.object({
    experimentId: z.string().max(200),
    reason: z.string().max(200).optional(),
    comment: z.string().max(4000).optional(),
  }),
});
export type WorkflowRunRequest = z.infer<typeof WorkflowRunRequest>;

/** How long the page waits for the app to end the step before saying it is still running. */
const STEP_WAIT_MS = 15_000;

/** Runs the step with the form's answers and waits until the app completes or fails it. */
export async function runSampleWorkflow(
  emulator: SlackEmulator,
  driver: SlackDriver,
  input: { userId: string; teamId: string; channelId: string; form: WorkflowRunRequest['form'] },
): Promise<Record<string, unknown>> {
  const { form } = input;
  const run = await driver.runStep({
    callbackId: SAMPLE_WORKFLOW.callbackId,
    ranBy: input.userId,
    teamId: input.teamId,
    definition: STOP_STEP_DEFINITION,
    inputs: {
      experiment_id: form.experimentId,
      ...(form.reason ? { reason: form.reason } : {}),
      ...(form.comment ? { comment: form.comment } : {}),
      channel_id: input.channelId,
    },
  });
  if (run.status !== 200) return { ok: false, status: run.status, state: 'running' };
  const ended = await emulator
    .waitFor(
      () => {
        const execution = emulator.functionExecution(run.execution.id);
        return execution && execution.state !== 'running' ? execution : undefined;
      },
      { timeoutMs: STEP_WAIT_MS },
    )
    .catch(() => undefined);
  if (!ended) return { ok: true, status: run.status, state: 'running' };
  return {
    ok: true,
    status: run.status,
    state: ended.state,
    ...(ended.outputs ? { outputs: ended.outputs } : {}),
    ...(ended.error ? { error: ended.error } : {}),
  };
}
