import type { InputBlock, KnownBlock, ModalView } from '@slack/types';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { DICTIONARY_FIELD_SPECS, type DictionaryField } from '../../core/experiment-fields.js';
import type { DictValue, ExperimentForm, FormErrors, FormField } from '../../core/experiment-form.js';
import {
  ConsoleExposureType,
  CreatableExperimentType,
  ExperimentMarkupScopeType,
  RetroType,
  StatisticsMethod,
  SwitchbackStrategy,
} from '../../core/experiment-schemas.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { audienceSummaryBlock } from './audience-summary.js';
import { EXPERIMENT_MODAL } from './ids.js';
import type { ExperimentModalMessages } from './messages.js';
import {
  type ModalDictionaries,
  offeredItems,
  type PickerField,
  type SegmentPredicates,
} from './modal-items.js';
import { encodeExperimentModalMetadata } from './modal-metadata.js';
import { dictionaryOption } from './modal-options.js';
import {
  dictionaryPicker,
  enumElement,
  inputBlock,
  needsExternal,
  positiveIntegerElement,
  textElement,
} from './modal-pickers.js';
import { optionalWhereEmpty, withReadOnly } from './read-only.js';

export interface ExperimentModalInput {
  mode: 'create' | 'edit';
  experimentId?: number | undefined;
  /** The current choices: the record's values when editing starts, then whatever the user picked. */
  form: Partial<ExperimentForm>;
  dictionaries: ModalDictionaries;
  /** Operators of context params (readContextPredicates); absent: typed as text. */
  segmentPredicates?: SegmentPredicates | undefined;
  errors?: FormErrors | undefined;
  /** Edit: fields shown without an input, kept as they are (readOnlyFields of the original). */
  readOnly?: readonly FormField[] | undefined;
  metadata: {
    channelId: string;
    experimentId?: number | undefined;
    /** The form as the edit began, for the PATCH diff. */
    original?: Partial<ExperimentForm> | undefined;
    /** Where the caller stored `original` when it does not fit in private_metadata. */
    originalKey?: string | undefined;
    /** What the widgets reported when the edit opened, or where the caller stored it. */
    opened?: Partial<ExperimentForm> | undefined;
    openedKey?: string | undefined;
    /** Fields shown read-only since the edit opened (keptFields). */
    kept?: readonly FormField[] | undefined;
    /** The params of the filters the experiment had when the edit began (earlierParamsOf). */
    earlierParams?: readonly DictValue[] | undefined;
    responseUrl?: string | undefined;
    /** Where the audience being edited is kept (audience-draft.ts). */
    audienceKey?: string | undefined;
    openedAt?: string | undefined;
  };
  messages: Messages;
}

// Slack counts the serialised view; non-ASCII labels take several bytes each, so keep a margin.
const VIEW_BUDGET = LIMITS.viewBytes - 10_000;
/** Slack's own limit on a text input; the interface states none for these fields. */
const TEXT_MAX = LIMITS.plainTextInputMaxLength;
const DICTIONARY_ORDER: readonly DictionaryField[] = ['team', 'domain', 'layer', 'participantType'];
const LATER_DICTIONARIES: readonly DictionaryField[] = [
  'metrics',
  'presetName',
  'holdout',
  'allowedParticipantLists',
  'excludedParticipantLists',
  'tags',
];
const OPTIONAL = new Set<FormField>([
  'label',
  'description',
  'holdout',
  'presetName',
  'tags',
  'allowedParticipantLists',
  'excludedParticipantLists',
]);

/**
 * The create/edit modal. Pickers offer only dictionary values: a static menu up to 100 of them, a
 * type-to-search menu beyond (answered by optionsForQuery). Conditional fields are present only
 * while their condition holds; the selects they depend on dispatch block_actions so the caller can
 * rebuild the view with the new choices (views.update with the view's hash).
 */
export function experimentModal(input: ExperimentModalInput): ModalView {
  const items = new Map<PickerField, ReturnType<typeof offeredItems>>();
  for (const field of [...DICTIONARY_ORDER, ...LATER_DICTIONARIES, 'segments'] as const) {
    items.set(
      field,
      offeredItems(field, input.dictionaries, input.form, { earlierParams: input.metadata.earlierParams }),
    );
  }
  // A view too large for Slack turns its biggest static menus into search boxes, one at a time.
  const size = (list: readonly DictionaryItem[]) =>
    JSON.stringify(list.map((item) => dictionaryOption(item))).length;
  const bySize = [...items]
    .filter(([, list]) => !needsExternal(list))
    .map(([field, list]) => ({ field, bytes: size(list) }))
    .sort((a, b) => b.bytes - a.bytes)
    .map(({ field }) => field);
  const external = new Set<PickerField>();
  for (;;) {
    const view = build(input, items, external);
    const next = bySize.shift();
    if (next === undefined || Buffer.byteLength(JSON.stringify(view)) <= VIEW_BUDGET) return view;
    external.add(next);
  }
}

function build(
  input: ExperimentModalInput,
  items: ReadonlyMap<PickerField, ReturnType<typeof offeredItems>>,
  external: ReadonlySet<PickerField>,
): ModalView {
  const { form, messages } = input;
  const texts = messages.experimentModal;
  const experimentId = input.experimentId ?? input.metadata.experimentId;
  const kit = blockKit(input, items, external);
  const { ids, enumBlock, dictionaryBlock } = kit;
  const blocks: KnownBlock[] = [
    section(
      input.mode === 'create' || experimentId === undefined
        ? texts.createIntro
        : texts.editIntro({ experimentId }),
      EXPERIMENT_MODAL.blocks.intro,
    ),
    inputBlock(ids('name'), textElement(ids('name').actionId, form.name, { max: TEXT_MAX })),
    inputBlock(ids('label'), textElement(ids('label').actionId, form.label, { max: TEXT_MAX })),
    inputBlock(
      ids('description'),
      textElement(ids('description').actionId, form.description, { max: TEXT_MAX, multiline: true }),
    ),
    enumBlock(
      'type',
      messages.labels.types,
      typeValues(input.dictionaries),
      form.type === 'adhoc' ? undefined : form.type,
      true,
    ),
    ...typeBlocks(input, kit),
    // The domain decides which context params (segments) apply.
    ...DICTIONARY_ORDER.map((field) => dictionaryBlock(field, field === 'domain')),
    ...audienceAndExposureBlocks(input, kit),
    ...LATER_DICTIONARIES.map((field) => dictionaryBlock(field)),
  ];
  return {
    type: 'modal',
    callback_id: EXPERIMENT_MODAL.callbackId,
    title: plain(titleOf(input, texts, experimentId), LIMITS.viewTitle),
    submit: plain(input.mode === 'create' ? texts.createSubmit : texts.editSubmit, LIMITS.viewSubmit),
    close: plain(messages.modals.cancel, LIMITS.viewClose),
    private_metadata: encodeExperimentModalMetadata(metadataOf(input, experimentId)),
    blocks: withReadOnly(optionalWhereEmpty(blocks, input.mode), input, items).slice(0, LIMITS.viewBlocks),
  };
}

/** The block builders of one form: each field's ids, label, hint and error, menus and pickers. */
function blockKit(
  input: ExperimentModalInput,
  items: ReadonlyMap<PickerField, ReturnType<typeof offeredItems>>,
  external: ReadonlySet<PickerField>,
) {
  const { form, messages } = input;
  const texts = messages.experimentModal;
  const ids = (field: FormField) => ({
    blockId: EXPERIMENT_MODAL.blocks[field],
    actionId: EXPERIMENT_MODAL.actions[field],
    label: texts.labels[field],
    optional: OPTIONAL.has(field),
    hint: texts.hints[field],
    error: input.errors?.[field] === undefined ? undefined : texts.errors[input.errors[field]],
  });
  const enumBlock = <T extends string>(
    field: FormField,
    labels: Readonly<Record<T, string>>,
    values: readonly T[],
    selected: T | undefined,
    dispatch = false,
  ) =>
    inputBlock(
      { ...ids(field), dispatch },
      enumElement(ids(field).actionId, labels, values, selected, texts.selectPlaceholder),
    );
  const dictionaryBlock = (field: DictionaryField, dispatch = false): InputBlock => {
    const offered = items.get(field) ?? [];
    const current = form[field] as DictValue | DictValue[] | undefined;
    const picker = dictionaryPicker(
      {
        actionId: ids(field).actionId,
        items: offered,
        selected: current === undefined ? [] : Array.isArray(current) ? current : [current],
        multiple: DICTIONARY_FIELD_SPECS[field].multiple,
        external: external.has(field) || needsExternal(offered),
      },
      texts,
    );
    const hint =
      picker.missing.length > 0
        ? (input.mode === 'edit' ? texts.notOfferedKept : texts.notOffered)({
            values: picker.missing.map(String).join(', '),
          })
        : offered.length === 0
          ? texts.dictionaryEmpty
          : ids(field).hint;
    return inputBlock({ ...ids(field), hint, dispatch }, picker.element);
  };
  return { ids, enumBlock, dictionaryBlock };
}

type BlockKit = ReturnType<typeof blockKit>;

/** What a retro or switchback experiment asks for beyond its type. */
function typeBlocks(input: ExperimentModalInput, { ids, enumBlock }: BlockKit): KnownBlock[] {
  const { form, messages } = input;
  const blocks: KnownBlock[] = [];
  if (form.type === 'retro') {
    blocks.push(enumBlock('retroType', messages.labels.retroTypes, RetroType.options, form.retroType, true));
    if (form.retroType === 'parent_experiment') {
      blocks.push(
        inputBlock(
          ids('parentExperimentId'),
          positiveIntegerElement(ids('parentExperimentId').actionId, form.parentExperimentId),
        ),
      );
    }
  }
  if (form.type === 'switchback') {
    // The interface allows exactly one strategy: it is chosen already.
    const strategy = form.switchbackStrategy ?? SwitchbackStrategy.options[0];
    blocks.push(
      enumBlock(
        'switchbackStrategy',
        messages.labels.switchbackStrategies,
        SwitchbackStrategy.options,
        strategy,
      ),
    );
  }
  return blocks;
}

/** Markup scope (with the audience summary for events), exposure and statistical method. */
function audienceAndExposureBlocks(input: ExperimentModalInput, { ids, enumBlock }: BlockKit): KnownBlock[] {
  const { form, messages } = input;
  const blocks: KnownBlock[] = [
    enumBlock(
      'markupScopeType',
      messages.labels.markupScopeTypes,
      ExperimentMarkupScopeType.options,
      form.markupScopeType,
      true,
    ),
  ];
  if (form.markupScopeType === 'event') {
    blocks.push(
      audienceSummaryBlock({
        segments: form.segments ?? [],
        params: input.dictionaries['context-param-predicates'] ?? [],
        locked: input.readOnly?.includes('segments') === true,
        messages,
      }),
    );
  }
  blocks.push(
    enumBlock('exposure', messages.labels.exposures, ConsoleExposureType.options, form.exposure, true),
  );
  if (form.exposure === 'days') {
    blocks.push(
      inputBlock(
        ids('propagateExposureDays'),
        positiveIntegerElement(ids('propagateExposureDays').actionId, form.propagateExposureDays),
      ),
    );
  }
  blocks.push(
    enumBlock(
      'statisticalMethod',
      messages.labels.statisticalMethods,
      StatisticsMethod.options,
      form.statisticalMethod,
    ),
  );
  return blocks;
}

/** What the form carries to its submission: the fields that are set, nothing undefined. */
function metadataOf(input: ExperimentModalInput, experimentId: number | undefined) {
  const m = input.metadata;
  return {
    mode: input.mode,
    channelId: m.channelId,
    ...(experimentId === undefined ? {} : { experimentId }),
    ...(m.original === undefined ? {} : { original: m.original }),
    ...(m.originalKey === undefined ? {} : { originalKey: m.originalKey }),
    ...(m.opened === undefined ? {} : { opened: m.opened }),
    ...(m.openedKey === undefined ? {} : { openedKey: m.openedKey }),
    ...(m.kept === undefined ? {} : { kept: [...m.kept] }),
    ...(m.earlierParams === undefined ? {} : { earlierParams: [...m.earlierParams] }),
    ...(m.responseUrl === undefined ? {} : { responseUrl: m.responseUrl }),
    ...(m.audienceKey === undefined ? {} : { audienceKey: m.audienceKey }),
    ...(m.openedAt === undefined ? {} : { openedAt: m.openedAt }),
  };
}

function titleOf(
  input: ExperimentModalInput,
  texts: ExperimentModalMessages,
  id: number | undefined,
): string {
  return input.mode === 'edit' && id !== undefined
    ? texts.editTitle({ experimentId: id })
    : texts.createTitle;
}

/**
 * The creatable types (never the obsolete adhoc), limited to those the types dictionary lists when
 * it lists any of them by their interface names; otherwise the interface's own list.
 */
function typeValues(dictionaries: ModalDictionaries) {
  const listed = new Set(dictionaries.types?.map((t) => t.value));
  const offered = CreatableExperimentType.options.filter((t) => listed.has(t));
  return offered.length > 0 ? offered : CreatableExperimentType.options;
}
