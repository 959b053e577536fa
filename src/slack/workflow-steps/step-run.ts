import type { AllMiddlewareArgs, Middleware, SlackEventMiddlewareArgs, webApi } from '@slack/bolt';

type FunctionArgs = SlackEventMiddlewareArgs<'function_executed'>;

import type { WorkspaceRef } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';

/** What one step is given: the workspace it runs in, a client on the step's own token, its inputs. */
export interface StepRun {
  workspace: WorkspaceRef;
  /** Bolt's client for this execution, on the workflow's bot_access_token. */
  client: webApi.WebClient;
  inputs: Readonly<Record<string, unknown>>;
}

/** Every step ends in exactly one of these: Slack's workflow waits until it is told. */
export type StepResult = { ok: true; outputs: Record<string, unknown> } | { ok: false; error: string };

export const failed = (error: string): StepResult => ({ ok: false, error });

/**
 * A step's listener: acked at once (function_executed is the one event Bolt leaves to the
 * listener), then run, then completed or failed, always, with the person-facing reason on failure.
 */
export function stepListener(
  deps: Pick<SlackDeps, 'logger' | 'messages'>,
  callbackId: string,
  run: (step: StepRun) => Promise<StepResult>,
): Middleware<FunctionArgs> {
  return async (args: FunctionArgs & AllMiddlewareArgs) => {
    const { body, client, complete, fail } = args;
    await args.ack();
    // A workflow of a workspace the app's token does not serve never gets here (served-workspace/).
    const workspace: WorkspaceRef = { teamId: body.team_id, enterpriseId: body.enterprise_id || undefined };
    const m = deps.messages.workflowSteps;
    let result: StepResult;
    try {
      result = await run({ workspace, client, inputs: args.inputs ?? {} });
    } catch (error) {
      deps.logger.error('workflow step failed', { error, callbackId });
      result = failed(m.crashed);
    }
    if (!result.ok)
      deps.logger.info('workflow step refused', { callbackId, error: result.error.slice(0, 200) });
    if (result.ok) await complete({ outputs: result.outputs });
    else await fail({ error: result.error });
  };
}
