import { z } from 'zod';
import type { LifecycleAction } from '../console/errors.js';
import { ConsoleExperimentContextPredicatesRequest, ExperimentId } from '../console/schemas.js';
import { DICTIONARY_NAMES } from '../console/types.js';
import { Participant } from '../splitter/schemas.js';
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

// `/exp dict` paging, `/exp features` and `/exp expose` (blocks/dict-*.ts, blocks/splitter-*.ts).

export const DICT_BLOCKS = {
  listHeader: 'exp_dict_list_header',
  listIntro: 'exp_dict_list_intro',
  list: 'exp_dict_list',
  listExamples: 'exp_dict_list_examples',
  header: 'exp_dict_header',
  summary: 'exp_dict_summary',
  cache: 'exp_dict_cache',
  warnings: 'exp_dict_warnings',
  operators: 'exp_dict_operators',
  applicability: 'exp_dict_applicability',
  nav: 'exp_dict_nav',
} as const;

/** Previous/next page buttons; both carry a DictPageButtonValue with the page to show. */
export const DICT_ACTIONS = { prev: 'exp_dict_prev', next: 'exp_dict_next' } as const;

export const SPLITTER_BLOCKS = {
  features: 'exp_features_summary',
  featuresWarning: 'exp_features_warning',
  featuresMore: 'exp_features_more',
  exposeText: 'exp_expose_text',
  exposeWarning: 'exp_expose_warning',
  exposeActions: 'exp_expose_actions',
  usage: 'exp_splitter_usage',
  usageHelp: 'exp_splitter_usage_help',
} as const;

/** Confirm runs exposeManyV2 (after Slack's own confirm dialog); cancel only replaces the message. */
export const EXPOSE_ACTIONS = { confirm: 'exp_expose_confirm', cancel: 'exp_expose_cancel' } as const;

/**
 * Longest dictionary filter kept. The same cut applies to the page shown and to the buttons, so the
 * next page filters exactly like the first; JSON escaping can grow a filter sixfold, and 6 × 200
 * plus the other fields stays under the 2000 characters of a button value.
 */
export const DICT_FILTER_MAX = 200;

/** The filter as used for matching, display and buttons: trimmed, empty → undefined, cut to the max. */
export function clipDictFilter(filter: string | undefined): string | undefined {
  const trimmed = filter?.trim() ?? '';
  if (trimmed === '') return undefined;
  if (trimmed.length <= DICT_FILTER_MAX) return trimmed;
  let cut = DICT_FILTER_MAX;
  const last = trimmed.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return trimmed.slice(0, cut);
}

export const DictPageButtonValue = z.strictObject({
  name: z.enum(DICTIONARY_NAMES),
  filter: z.string().min(1).max(DICT_FILTER_MAX).optional(),
  page: z.int().min(1).max(1_000_000),
  body: ConsoleExperimentContextPredicatesRequest.optional(),
});
export type DictPageButtonValue = z.infer<typeof DictPageButtonValue>;

/** Clips the filter (see DICT_FILTER_MAX), validates and serialises; throws SlackPayloadError. */
export function encodeDictPageValue(value: DictPageButtonValue): string {
  const filter = clipDictFilter(value.filter);
  const { filter: _ignored, ...rest } = value;
  return encodeJson(
    'button value',
    LIMITS.buttonValue,
    DictPageButtonValue,
    filter === undefined ? rest : { ...rest, filter },
  );
}

export function decodeDictPageValue(text: string): DictPageButtonValue {
  return decodeJson('button value', LIMITS.buttonValue, DictPageButtonValue, text);
}

export const ExposeButtonValue = z.strictObject({
  label: z.string().min(1),
  platformId: z.int(),
  participant: Participant,
});
export type ExposeButtonValue = z.infer<typeof ExposeButtonValue>;

/** Throws SlackPayloadError('too-large') when label and participant do not fit 2000 characters. */
export function encodeExposeValue(value: ExposeButtonValue): string {
  return encodeJson('button value', LIMITS.buttonValue, ExposeButtonValue, value);
}

export function decodeExposeValue(text: string): ExposeButtonValue {
  return decodeJson('button value', LIMITS.buttonValue, ExposeButtonValue, text);
}

// `/exp create` and `/exp edit ID` (blocks/experiment-modal*.ts). The ids never change between
// views.update calls, so Slack keeps what the user typed while fields appear and disappear.

export const EXPERIMENT_MODAL = {
  callbackId: 'exp_experiment_modal',
  blocks: {
    intro: 'exp_xm_intro',
    name: 'exp_xm_name',
    label: 'exp_xm_label',
    description: 'exp_xm_description',
    type: 'exp_xm_type',
    retroType: 'exp_xm_retro_type',
    parentExperimentId: 'exp_xm_parent_experiment',
    switchbackStrategy: 'exp_xm_switchback_strategy',
    markupScopeType: 'exp_xm_markup_scope',
    segments: 'exp_xm_segments',
    exposure: 'exp_xm_exposure',
    propagateExposureDays: 'exp_xm_exposure_days',
    statisticalMethod: 'exp_xm_statistical_method',
    team: 'exp_xm_team',
    participantType: 'exp_xm_participant_type',
    layer: 'exp_xm_layer',
    holdout: 'exp_xm_holdout',
    domain: 'exp_xm_domain',
    metrics: 'exp_xm_metrics',
    presetName: 'exp_xm_preset_name',
    tags: 'exp_xm_tags',
    allowedParticipantLists: 'exp_xm_allowed_lists',
    excludedParticipantLists: 'exp_xm_excluded_lists',
  },
  actions: {
    name: 'exp_xm_name_input',
    label: 'exp_xm_label_input',
    description: 'exp_xm_description_input',
    type: 'exp_xm_type_select',
    retroType: 'exp_xm_retro_type_select',
    parentExperimentId: 'exp_xm_parent_experiment_input',
    switchbackStrategy: 'exp_xm_switchback_strategy_select',
    markupScopeType: 'exp_xm_markup_scope_select',
    segments: 'exp_xm_segments_select',
    exposure: 'exp_xm_exposure_select',
    propagateExposureDays: 'exp_xm_exposure_days_input',
    statisticalMethod: 'exp_xm_statistical_method_select',
    team: 'exp_xm_team_select',
    participantType: 'exp_xm_participant_type_select',
    layer: 'exp_xm_layer_select',
    holdout: 'exp_xm_holdout_select',
    domain: 'exp_xm_domain_select',
    metrics: 'exp_xm_metrics_select',
    presetName: 'exp_xm_preset_name_select',
    tags: 'exp_xm_tags_select',
    allowedParticipantLists: 'exp_xm_allowed_lists_select',
    excludedParticipantLists: 'exp_xm_excluded_lists_select',
    segmentPredicate: 'exp_xm_segment_predicate_select',
    segmentValues: 'exp_xm_segment_values_input',
  },
  /** Per chosen segment param, followed by the param's encoded option value (≤150 chars). */
  segmentPredicateBlockPrefix: 'exp_xm_segpred:',
  segmentValuesBlockPrefix: 'exp_xm_segvals:',
} as const;

/** action_ids of the modal's external selects, for `app.options(...)` (block_suggestion). */
export const EXPERIMENT_MODAL_ACTION_ID_PATTERN = /^exp_xm_[a-z_]+_select$/;

// `/exp subscribe|unsubscribe|subscriptions` replies and the alerts posted in subscribed channels.

export const SUBSCRIPTION_BLOCKS = {
  note: 'exp_subscription_note',
  header: 'exp_subscription_header',
  /** The list is cut into sections of at most 3000 characters: `exp_subscription_list_0`, `_1`… */
  listPrefix: 'exp_subscription_list_',
  hint: 'exp_subscription_hint',
  alertSummary: 'exp_alert_summary',
  alertFooter: 'exp_alert_footer',
} as const;
