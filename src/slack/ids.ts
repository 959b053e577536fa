import { z } from 'zod';
import type { LifecycleAction } from '../console/errors.js';
import { ExperimentId } from '../console/schemas.js';
import { LIMITS } from './blocks/limits.js';

// Every block_id, action_id and callback_id the app sends, so builders and listeners cannot drift.

/**
 * One action_id per lifecycle button: Slack requires action_ids to be unique within a block, and
 * the next-step buttons share one actions block. The `stop` button opens the stop modal (the modal
 * is the confirmation); the others run the action. Listeners can match LIFECYCLE_ACTION_ID_PATTERN
 * and must trust the decoded button value, which repeats the action next to the experiment id.
 */
export const LIFECYCLE_ACTION_IDS = {
  start: 'exp_lifecycle_start',
  stop: 'exp_lifecycle_stop',
  archive: 'exp_lifecycle_archive',
  unarchive: 'exp_lifecycle_unarchive',
} as const satisfies Record<LifecycleAction, string>;

export const LIFECYCLE_ACTION_ID_PATTERN = /^exp_lifecycle_(start|stop|archive|unarchive)$/;

export const BLOCKS = {
  lifecycleSummary: 'exp_lifecycle_summary',
  lifecycleContext: 'exp_lifecycle_context',
  lifecycleActions: 'exp_lifecycle_actions',
  conflictSummary: 'exp_conflict_summary',
  conflictHint: 'exp_conflict_hint',
  conflictActions: 'exp_conflict_actions',
  errorText: 'exp_error_text',
  errorQuote: 'exp_error_quote',
  help: 'exp_help',
  helpExamples: 'exp_help_examples',
  tokenInfo: 'exp_token_info',
  tokenWarning: 'exp_token_warning',
  loading: 'exp_loading',
} as const;

export const STOP_MODAL = {
  callbackId: 'exp_stop_modal',
  blocks: { experiment: 'exp_stop_experiment', reason: 'exp_stop_reason', comment: 'exp_stop_comment' },
  actions: { reason: 'exp_stop_reason_select', comment: 'exp_stop_comment_input' },
} as const;

export const CONNECT_MODAL = {
  callbackId: 'exp_connect_modal',
  blocks: { intro: 'exp_connect_intro', baseUrl: 'exp_connect_base_url', token: 'exp_connect_token' },
  actions: { baseUrl: 'exp_connect_base_url_input', token: 'exp_connect_token_input' },
} as const;

export const LOADING_MODAL = { callbackId: 'exp_loading_modal' } as const;

/** Why a button value or private_metadata string could not be used; nothing is acted on. */
export class SlackPayloadError extends Error {
  constructor(
    readonly field: 'private_metadata' | 'button value',
    readonly reason: 'too-large' | 'not-json' | 'invalid',
    readonly issues: readonly string[] = [],
  ) {
    super(`Unusable ${field}: ${reason}${issues.length > 0 ? ` (${issues.join('; ')})` : ''}`);
    this.name = 'SlackPayloadError';
  }
}

type Field = SlackPayloadError['field'];

function encodeJson<S extends z.ZodType>(field: Field, max: number, schema: S, value: z.input<S>): string {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    throw new SlackPayloadError(
      field,
      'invalid',
      checked.error.issues.map((i) => i.message),
    );
  }
  const text = JSON.stringify(checked.data);
  if (text.length > max) throw new SlackPayloadError(field, 'too-large');
  return text;
}

function decodeJson<S extends z.ZodType>(field: Field, max: number, schema: S, text: string): z.output<S> {
  if (text.length > max) throw new SlackPayloadError(field, 'too-large');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new SlackPayloadError(field, 'not-json');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new SlackPayloadError(
      field,
      'invalid',
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return parsed.data;
}

/** Validates, then serialises a view's private_metadata; throws SlackPayloadError beyond 3000 chars. */
export function encodeMetadata<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  return encodeJson('private_metadata', LIMITS.privateMetadata, schema, value);
}

/** Parses and validates private_metadata coming back from Slack; throws SlackPayloadError. */
export function decodeMetadata<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  return decodeJson('private_metadata', LIMITS.privateMetadata, schema, text);
}

// response_url is optional: a modal opened from a message button has one, one opened from a
// slash command may not keep it (it lives 30 minutes, a modal can stay open longer).
export const StopModalMetadata = z.strictObject({
  experimentId: ExperimentId,
  channelId: z.string().min(1).max(64),
  responseUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .optional(),
});
export type StopModalMetadata = z.infer<typeof StopModalMetadata>;

export const ConnectModalMetadata = z.strictObject({
  channelId: z.string().min(1).max(64),
  responseUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .optional(),
});
export type ConnectModalMetadata = z.infer<typeof ConnectModalMetadata>;

export const LifecycleButtonValue = z.strictObject({
  action: z.enum(['start', 'stop', 'archive', 'unarchive']),
  experimentId: ExperimentId,
});
export type LifecycleButtonValue = z.infer<typeof LifecycleButtonValue>;

export function encodeButtonValue(value: LifecycleButtonValue): string {
  return encodeJson('button value', LIMITS.buttonValue, LifecycleButtonValue, value);
}

export function decodeButtonValue(text: string): LifecycleButtonValue {
  return decodeJson('button value', LIMITS.buttonValue, LifecycleButtonValue, text);
}
