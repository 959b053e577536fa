import type { ExperimentInterruptReason } from '../../core/stop-reason.js';
import { overlongStopComment, STOP_COMMENT_MAX } from '../../core/stop-reason.js';
import { parseExperimentId, parseStopReason } from '../command/parse-args.js';
import { INPUT } from './ids.js';
import type { WorkflowStepMessages } from './messages.js';

// A step's inputs arrive as the workflow's author wired them (a form's free text, a variable), so
// they are checked as strictly as a typed command: bounded, and refused with the reason.

/** How much of a refused value is quoted back. */
const QUOTE_MAX = 40;
const CHANNEL_ID = /^[CGD][A-Z0-9]{2,30}$/;
const USER_ID = /^[UW][A-Z0-9]{2,30}$/;

export interface StepInputs {
  experimentId: number;
  channelId: string | undefined;
  /** The person who ran the workflow, from the user_context Slack fills in (never typed by the author). */
  personId: string | undefined;
  /** A stop's reason as typed (checked against the policy later); undefined when none was given. */
  reason?: ExperimentInterruptReason | undefined;
  comment?: string | undefined;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

type Inputs = Readonly<Record<string, unknown>>;

const quote = (value: string) => (value.length > QUOTE_MAX ? `${value.slice(0, QUOTE_MAX)}…` : value);

/** A string input, or a number (a form's number field); anything else counts as not given. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function personOf(value: unknown): string | undefined {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && USER_ID.test(id) ? id : undefined;
}

/** experiment_id, channel_id (required when `channelRequired`) and the person: what every step reads. */
export function parseCommonInputs(
  inputs: Inputs,
  messages: WorkflowStepMessages,
  channelRequired: boolean,
): Parsed<StepInputs> {
  const rawId = textOf(inputs[INPUT.experimentId]);
  if (rawId === undefined) return { ok: false, error: messages.missingId };
  const experimentId = parseExperimentId(rawId);
  if (experimentId === undefined) return { ok: false, error: messages.badId({ got: quote(rawId) }) };
  const rawChannel = textOf(inputs[INPUT.channelId]);
  if (rawChannel === undefined && channelRequired) return { ok: false, error: messages.missingChannel };
  if (rawChannel !== undefined && !CHANNEL_ID.test(rawChannel))
    return { ok: false, error: messages.badChannel({ got: quote(rawChannel) }) };
  return {
    ok: true,
    value: { experimentId, channelId: rawChannel, personId: personOf(inputs[INPUT.userContext]) },
  };
}

/** The stop step's reason and comment on top of the common inputs; the policy's rules come after access. */
export function parseStopInputs(inputs: Inputs, messages: WorkflowStepMessages): Parsed<StepInputs> {
  const common = parseCommonInputs(inputs, messages, true);
  if (!common.ok) return common;
  const rawReason = textOf(inputs[INPUT.reason]);
  const reason = rawReason === undefined ? undefined : parseStopReason(rawReason);
  if (rawReason !== undefined && reason === undefined)
    return { ok: false, error: messages.badReason({ got: quote(rawReason) }) };
  const comment = textOf(inputs[INPUT.comment]);
  const length = overlongStopComment(comment);
  if (length !== undefined)
    return { ok: false, error: messages.commentTooLong({ length, max: STOP_COMMENT_MAX }) };
  return { ok: true, value: { ...common.value, reason, comment } };
}
