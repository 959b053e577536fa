import type { InputBlock, InputBlockElement } from '@slack/types';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { ExperimentForm, SegmentChoice } from '../../lifecycle/experiment-form.js';
import { LIMITS } from '../blocks/limits.js';
import type { ExperimentModalMessages } from '../messages/types.js';
import { EXPERIMENT_MODAL } from './ids.js';
import { predicatesForParam, type SegmentPredicates } from './modal-items.js';
import { encodeOptionValue } from './modal-options.js';
import { dictionaryPicker, enumElement, inputBlock, needsExternal, textElement } from './modal-pickers.js';

// Audience filters of an event-markup experiment: a picker of active context params, then for each
// chosen param an operator and its values. The element shape of one segment is not shown by the
// interface (see experiment-fields.ts for the assumed payload).

/** Each filter adds two blocks; ten keep the modal far below Slack's 100 blocks. */
export const MAX_SEGMENTS = 10;
const VALUES_MAX = 3000;

export function segmentPredicateBlockId(param: SegmentChoice['param']): string {
  return EXPERIMENT_MODAL.segmentPredicateBlockPrefix + encodeOptionValue(param);
}

export function segmentValuesBlockId(param: SegmentChoice['param']): string {
  return EXPERIMENT_MODAL.segmentValuesBlockPrefix + encodeOptionValue(param);
}

export interface SegmentBlocksInput {
  form: Partial<ExperimentForm>;
  /** The params on offer (active ones, and archived ones of earlier filters: see offeredItems). */
  params: readonly DictionaryItem[];
  predicates: SegmentPredicates | undefined;
  texts: ExperimentModalMessages;
  error: string | undefined;
  external: boolean;
}

export function segmentBlocks(input: SegmentBlocksInput): InputBlock[] {
  const { texts, params } = input;
  const chosen = (input.form.segments ?? []).slice(0, MAX_SEGMENTS);
  const picker = dictionaryPicker(
    {
      actionId: EXPERIMENT_MODAL.actions.segments,
      items: params,
      selected: chosen.map((s) => s.param),
      multiple: true,
      external: input.external || needsExternal(params),
      maxSelected: MAX_SEGMENTS,
    },
    texts,
  );
  const blocks: InputBlock[] = [
    inputBlock(
      {
        blockId: EXPERIMENT_MODAL.blocks.segments,
        actionId: EXPERIMENT_MODAL.actions.segments,
        label: texts.labels.segments,
        optional: false,
        // Choosing a param adds its operator and values inputs.
        dispatch: true,
        hint:
          picker.missing.length > 0
            ? texts.notOffered({ values: picker.missing.map(String).join(', ') })
            : params.length === 0
              ? texts.dictionaryEmpty
              : texts.hints.segments,
        error: input.error,
      },
      picker.element,
    ),
  ];
  for (const segment of chosen) {
    const param = params.find((p) => p.value === segment.param);
    // A param no longer on offer is not shown as chosen (the picker's hint names it).
    if (param === undefined) continue;
    blocks.push(predicateBlock(segment, param, input), valuesBlock(segment, param, texts));
  }
  return blocks;
}

function predicateBlock(
  segment: SegmentChoice,
  param: DictionaryItem,
  input: SegmentBlocksInput,
): InputBlock {
  const predicates = predicatesForParam(param, input.predicates)?.slice(0, LIMITS.selectOptions);
  const actionId = EXPERIMENT_MODAL.actions.segmentPredicate;
  let element: InputBlockElement;
  if (predicates === undefined || predicates.length === 0) {
    // The operators could not be read from the dictionary: ask for the operator as typed.
    element = textElement(actionId, segment.predicate === undefined ? undefined : String(segment.predicate), {
      max: 200,
    });
  } else {
    const labels = Object.fromEntries(predicates.map((p) => [encodeOptionValue(p.value), p.label]));
    const selected = segment.predicate === undefined ? undefined : encodeOptionValue(segment.predicate);
    element = enumElement(actionId, labels, Object.keys(labels), selected, input.texts.selectPlaceholder);
  }
  return inputBlock(
    {
      blockId: segmentPredicateBlockId(segment.param),
      actionId,
      label: input.texts.segmentPredicateLabel({ param: param.label }),
      optional: false,
    },
    element,
  );
}

function valuesBlock(
  segment: SegmentChoice,
  param: DictionaryItem,
  texts: ExperimentModalMessages,
): InputBlock {
  return inputBlock(
    {
      blockId: segmentValuesBlockId(segment.param),
      actionId: EXPERIMENT_MODAL.actions.segmentValues,
      label: texts.segmentValuesLabel({ param: param.label }),
      optional: false,
      hint: texts.segmentValuesHint,
    },
    textElement(EXPERIMENT_MODAL.actions.segmentValues, segment.values.join(', '), { max: VALUES_MAX }),
  );
}

/** "a, b\nc" → ["a", "b", "c"]: values containing a comma cannot be typed (documented limitation). */
export function splitSegmentValues(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}
