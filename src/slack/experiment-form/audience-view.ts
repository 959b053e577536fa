import { createHash } from 'node:crypto';
import type { ActionsBlock, KnownBlock, ModalView } from '@slack/types';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { ExperimentForm, SegmentChoice } from '../../core/experiment-form.js';
import { plain, type SafeText } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { context, section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { filterText } from './filter-text.js';
import { AUDIENCE_VIEW } from './ids.js';
import { offeredItems, predicatesForParam, type SegmentPredicates } from './modal-items.js';
import { type ExperimentModalMetadata, encodeExperimentModalMetadata } from './modal-metadata.js';
import { dictionaryOption } from './modal-options.js';
import { inputBlock, textElement } from './modal-pickers.js';

// The audience view, pushed over the form (views.push): every filter, a page at a time so the view
// stays far inside Slack's 100 blocks, each with Remove; below them, Add filter. Filters on archived
// params are listed as such and kept; a new filter may use active params only (offeredItems without
// earlier params offers exactly those).

/** One section per filter: 20 keep a page near 30 blocks and well inside Slack's view size. */
const FILTERS_PER_PAGE = 20;
const VALUES_MAX = 3000;

export interface AudienceViewInput {
  segments: readonly SegmentChoice[];
  page: number;
  /** The form under the view: its domain decides which params a new filter may use. */
  form: Partial<ExperimentForm>;
  params: readonly DictionaryItem[];
  predicates: SegmentPredicates | undefined;
  metadata: ExperimentModalMetadata;
  notice?: SafeText | undefined;
  messages: Messages;
}

function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / FILTERS_PER_PAGE));
}

/** A filter's fingerprint: a Remove click built for another list (a stale view) removes nothing. */
export function filterDigest(segment: SegmentChoice): string {
  const text = JSON.stringify([segment.param, segment.predicate ?? null, segment.values]);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The new filter's inputs get fresh block ids after each addition, so Slack shows them empty. */
export function newFilterBlockId(base: string, generation: number): string {
  return `${base}:${generation}`;
}

export function audienceView(input: AudienceViewInput): ModalView {
  const texts = input.messages.experimentEdit;
  const total = input.segments.length;
  const page = Math.min(input.page, pageCount(total) - 1);
  const from = page * FILTERS_PER_PAGE;
  const shown = input.segments.slice(from, from + FILTERS_PER_PAGE);
  const lookup = { params: input.params, predicates: input.predicates?.items ?? [] };
  const blocks: KnownBlock[] = [
    context(
      [texts.audienceIntro({ count: total, from: from + 1, to: from + shown.length })],
      AUDIENCE_VIEW.blocks.intro,
    ),
  ];
  shown.forEach((segment, i) => {
    const index = from + i;
    blocks.push({
      ...section(filterText(segment, lookup, input.messages), `${AUDIENCE_VIEW.filterBlockPrefix}${index}`),
      accessory: {
        type: 'button',
        action_id: AUDIENCE_VIEW.actions.remove,
        text: plain(texts.remove, LIMITS.buttonText),
        value: `${index}:${filterDigest(segment)}`,
      },
    });
  });
  if (total === 0) blocks.push(section(texts.audienceEmpty));
  const pager = pagerBlock(page, pageCount(total), input.messages);
  if (pager) blocks.push(pager);
  if (input.notice) blocks.push(context([input.notice], AUDIENCE_VIEW.blocks.notice));
  blocks.push({ type: 'divider' }, section(texts.newFilterTitle), ...newFilterBlocks(input, total));
  return {
    type: 'modal',
    callback_id: AUDIENCE_VIEW.callbackId,
    title: plain(texts.audienceTitle, LIMITS.viewTitle),
    submit: plain(texts.audienceDone, LIMITS.viewSubmit),
    close: plain(texts.audienceBack, LIMITS.viewClose),
    private_metadata: encodeExperimentModalMetadata({ ...input.metadata, page }),
    blocks: blocks.slice(0, LIMITS.viewBlocks),
  };
}

function pagerBlock(page: number, pages: number, messages: Messages): ActionsBlock | undefined {
  if (pages <= 1) return undefined;
  const button = (text: string, to: number) => ({
    type: 'button' as const,
    action_id: `${AUDIENCE_VIEW.actions.page}:${to}`,
    text: plain(text, LIMITS.buttonText),
    value: String(to),
  });
  const elements = [
    ...(page > 0 ? [button(messages.experimentEdit.previousPage, page - 1)] : []),
    ...(page < pages - 1 ? [button(messages.experimentEdit.nextPage, page + 1)] : []),
  ];
  return { type: 'actions', block_id: AUDIENCE_VIEW.blocks.pager, elements };
}

/** Active params of the form's domain (never archived, draft or deleted ones) for a new filter. */
export function paramsForNewFilter(
  params: readonly DictionaryItem[],
  form: Partial<ExperimentForm>,
): DictionaryItem[] {
  return offeredItems('segments', { 'context-param-predicates': params }, form);
}

function newFilterBlocks(input: AudienceViewInput, generation: number): KnownBlock[] {
  const texts = input.messages.experimentEdit;
  const params = paramsForNewFilter(input.params, input.form).slice(0, LIMITS.selectOptions);
  const operators = (predicatesForParam(undefined, input.predicates) ?? []).slice(0, LIMITS.selectOptions);
  const blocks: KnownBlock[] = [];
  if (params.length > 0) {
    blocks.push(
      inputBlock(
        {
          blockId: newFilterBlockId(AUDIENCE_VIEW.blocks.newParam, generation),
          actionId: AUDIENCE_VIEW.actions.newParam,
          label: texts.newParamLabel,
          optional: true,
        },
        {
          type: 'static_select',
          action_id: AUDIENCE_VIEW.actions.newParam,
          options: params.map((p) => dictionaryOption(p)),
        },
      ),
    );
  }
  blocks.push(
    inputBlock(
      {
        blockId: newFilterBlockId(AUDIENCE_VIEW.blocks.newPredicate, generation),
        actionId: AUDIENCE_VIEW.actions.newPredicate,
        label: texts.newPredicateLabel,
        optional: true,
      },
      operators.length > 0
        ? {
            type: 'static_select',
            action_id: AUDIENCE_VIEW.actions.newPredicate,
            options: operators.map((p) => dictionaryOption(p)),
          }
        : textElement(AUDIENCE_VIEW.actions.newPredicate, undefined, { max: 200 }),
    ),
    inputBlock(
      {
        blockId: newFilterBlockId(AUDIENCE_VIEW.blocks.newValues, generation),
        actionId: AUDIENCE_VIEW.actions.newValues,
        label: texts.newValuesLabel,
        optional: true,
        hint: texts.newValuesHint,
      },
      textElement(AUDIENCE_VIEW.actions.newValues, undefined, { max: VALUES_MAX, multiline: true }),
    ),
    {
      type: 'actions',
      block_id: AUDIENCE_VIEW.blocks.add,
      elements: [
        {
          type: 'button',
          action_id: AUDIENCE_VIEW.actions.add,
          text: plain(texts.add, LIMITS.buttonText),
          style: 'primary',
        },
      ],
    },
  );
  return blocks;
}

/**
 * Typed values of a new filter: a number param's numbers and a boolean param's true/false keep their
 * JSON type (the platform compares values with their type); everything else stays text.
 */
export function typedValues(
  texts: readonly string[],
  param: DictionaryItem | undefined,
): (string | number | boolean)[] {
  const type =
    typeof param?.raw === 'object' && param.raw !== null ? (param.raw as { type?: unknown }).type : undefined;
  return texts.map((text) => {
    if (type === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
    if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
    return text;
  });
}
