import { randomBytes } from 'node:crypto';
import { type PayloadOrigin, VERIFICATION_TOKEN } from './interaction-payloads.js';
import type { FunctionExecution } from './types.js';

// The function_executed event as the Events API delivers it (the event's reference page and
// @slack/types' FunctionExecutedEvent): the envelope of every event_callback, and in the event the
// step's definition, its inputs, the execution's ids and its own bot_access_token.

export function functionExecutedCallback(
  origin: Omit<PayloadOrigin, 'user' | 'teamDomain'> & { botUserId: string },
  execution: FunctionExecution,
): Record<string, unknown> {
  const now = Date.now();
  const definition = execution.definition;
  const event = {
    type: 'function_executed',
    function: {
      id: `Fn${randomBytes(5).toString('hex').toUpperCase()}`,
      callback_id: execution.callbackId,
      title: definition?.title ?? execution.callbackId,
      ...(definition?.description === undefined ? {} : { description: definition.description }),
      type: 'app',
      input_parameters: definition?.input_parameters ?? [],
      output_parameters: definition?.output_parameters ?? [],
      app_id: origin.apiAppId,
      date_created: Math.floor(now / 1000) - 3600,
      date_updated: Math.floor(now / 1000) - 60,
      date_deleted: 0,
    },
    inputs: execution.inputs,
    function_execution_id: execution.id,
    workflow_execution_id: execution.workflowExecutionId,
    event_ts: (now / 1000).toFixed(6),
    bot_access_token: execution.token,
  };
  return {
    token: VERIFICATION_TOKEN,
    team_id: origin.teamId,
    ...(origin.enterpriseId === undefined ? {} : { enterprise_id: origin.enterpriseId }),
    api_app_id: origin.apiAppId,
    event,
    type: 'event_callback',
    event_id: `Ev${randomBytes(5).toString('hex').toUpperCase()}`,
    event_time: Math.floor(now / 1000),
    authorizations: [
      {
        enterprise_id: origin.enterpriseId ?? null,
        team_id: origin.teamId,
        user_id: origin.botUserId,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
  };
}

/** What Slack fills a user_context input with for the person who used the workflow. */
export function userContextOf(userId: string): { id: string; secret: string } {
  return { id: userId, secret: randomBytes(16).toString('hex') };
}
