import { createHash } from 'node:crypto';
import type { ActionsBlock, KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { DICTIONARY_FIELD_SPECS } from '../../core/experiment-fields.js';
import type { DictValue } from '../../core/experiment-form.js';
import { plain, type SafeText } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { context, section } from '../blocks/message.js';
import { type DictionaryLabels, labelledValue } from '../dictionaries/dictionary-labels.js';
import type { Messages } from '../messages/index.js';
import { EXPERIMENT_MODAL, LIST_VIEW } from './ids.js';
import { type ExperimentModalMetadata, encodeExperimentModalMetadata } from './modal-metadata.js';
import { dictionaryOption } from './modal-options.js';
import { inputBlock } from './modal-pickers.js';

// The list view, pushed over the form for a list no menu can hold (more values than a menu takes,
// or values the dictionary no longer offers): every value, a page at a time, each with Remove;
// below them a picker of the values still offered and Add. As the audience view does.

const LIST_FIELDS = ['metrics', 'tags', 'allowedParticipantLists', 'excludedParticipantLists'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

export const isListField = (field: string): field is ListField =>
  (LIST_FIELDS as readonly string[]).includes(field);

const VALUES_PER_PAGE = 20;

export interface ListViewInput {
  field: ListField;
  values: readonly DictValue[];
  page: number;
  /** What the field's dictionary offers now (the form's offeredItems). */
  offered: readonly DictionaryItem[];
  labels: DictionaryLabels;
  metadata: ExperimentModalMetadata;
  notice?: SafeText | undefined;
  messages: Messages;
}

/** A value's fingerprint: a Remove click built for another list (a stale view) removes nothing. */
export function valueDigest(value: DictValue): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

const pageCount = (total: number) => Math.max(1, Math.ceil(total / VALUES_PER_PAGE));

export function listView(input: ListViewInput): ModalView {
  const texts = input.messages.experimentEdit;
  const total = input.values.length;
  const page = Math.min(input.page, pageCount(total) - 1);
  const from = page * VALUES_PER_PAGE;
  const shown = input.values.slice(from, from + VALUES_PER_PAGE);
  const label = input.messages.experimentModal.labels[input.field];
  const blocks: KnownBlock[] = [
    context(
      [texts.listIntro({ label, count: total, from: from + 1, to: from + shown.length })],
      LIST_VIEW.blocks.intro,
    ),
  ];
  blocks.push(...shown.map((value, i) => valueBlock(input, value, from + i)));
  if (total === 0) blocks.push(section(texts.listEmpty));
  const pager = pagerBlock(page, pageCount(total), input.messages);
  if (pager) blocks.push(pager);
  if (input.notice) blocks.push(context([input.notice], LIST_VIEW.blocks.notice));
  blocks.push({ type: 'divider' }, ...addBlocks(input, total));
  return {
    type: 'modal',
    callback_id: LIST_VIEW.callbackId,
    title: plain(texts.listTitle, LIMITS.viewTitle),
    submit: plain(texts.audienceDone, LIMITS.viewSubmit),
    close: plain(texts.audienceBack, LIMITS.viewClose),
    private_metadata: encodeExperimentModalMetadata({ ...input.metadata, listField: input.field, page }),
    blocks: blocks.slice(0, LIMITS.viewBlocks),
  };
}

/** A value as the form names it ("Checkout (211)"), or as it is, said to be no longer offered. */
export function listValueText(
  input: Pick<ListViewInput, 'field' | 'offered' | 'labels' | 'messages'>,
  value: DictValue,
) {
  const dictionary = DICTIONARY_FIELD_SPECS[input.field].dictionary;
  const text = labelledValue(input.labels, dictionary, value, input.messages);
  const offered = input.offered.some((item) => item.value === value);
  return offered ? text : input.messages.experimentEdit.listValueNotOffered({ value: text });
}

function valueBlock(input: ListViewInput, value: DictValue, index: number): KnownBlock {
  return {
    ...section(listValueText(input, value), `${LIST_VIEW.valueBlockPrefix}${index}`),
    accessory: {
      type: 'button',
      action_id: LIST_VIEW.actions.remove,
      text: plain(input.messages.experimentEdit.remove, LIMITS.buttonText),
      value: `${index}:${valueDigest(value)}`,
    },
  };
}

function pagerBlock(page: number, pages: number, messages: Messages): ActionsBlock | undefined {
  if (pages <= 1) return undefined;
  const button = (text: string, to: number) => ({
    type: 'button' as const,
    action_id: `${LIST_VIEW.actions.page}:${to}`,
    text: plain(text, LIMITS.buttonText),
    value: String(to),
  });
  const elements = [
    ...(page > 0 ? [button(messages.experimentEdit.previousPage, page - 1)] : []),
    ...(page < pages - 1 ? [button(messages.experimentEdit.nextPage, page + 1)] : []),
  ];
  return { type: 'actions', block_id: LIST_VIEW.blocks.pager, elements };
}

/**
 * The picker of a value to add: a menu of the offered values not in the list, or type-to-search
 * when more than a menu holds (answered by the form's own options listener, by its action_id). Its
 * block id changes with the list's length, so Slack shows it empty after each addition.
 */
function addBlocks(input: ListViewInput, generation: number): KnownBlock[] {
  const texts = input.messages.experimentEdit;
  const present = new Set(input.values);
  const candidates = input.offered.filter((item) => !present.has(item.value));
  const actionId = EXPERIMENT_MODAL.actions[input.field];
  const placeholder = plain(input.messages.experimentModal.selectPlaceholder, LIMITS.selectPlaceholder);
  const element =
    candidates.length > LIMITS.selectOptions || candidates.length === 0
      ? { type: 'external_select' as const, action_id: actionId, placeholder, min_query_length: 0 }
      : {
          type: 'static_select' as const,
          action_id: actionId,
          placeholder,
          options: candidates.map((item): PlainTextOption => dictionaryOption(item)),
        };
  return [
    inputBlock(
      {
        blockId: `${LIST_VIEW.blocks.newValue}:${generation}`,
        actionId,
        label: texts.listNewLabel,
        optional: true,
      },
      element,
    ),
    {
      type: 'actions',
      block_id: LIST_VIEW.blocks.add,
      elements: [
        {
          type: 'button',
          action_id: LIST_VIEW.actions.add,
          text: plain(texts.listAdd, LIMITS.buttonText),
          style: 'primary',
        },
      ],
    },
  ];
}
