import type { SectionBlock } from '@slack/types';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { SegmentChoice } from '../../core/experiment-form.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { isArchivedParam } from './filter-text.js';
import { AUDIENCE_SUMMARY } from './ids.js';

/**
 * The audience in the main form: how many filters, how many on archived params, and a button that
 * pushes the audience view (every filter, paged). A locked audience has no button.
 */
export function audienceSummaryBlock(input: {
  segments: readonly SegmentChoice[];
  params: readonly DictionaryItem[];
  locked: boolean;
  messages: Messages;
}): SectionBlock {
  const texts = input.messages.experimentEdit;
  if (input.locked) return section(texts.audienceLocked, AUDIENCE_SUMMARY.blockId);
  const archived = input.segments.filter((s) => isArchivedParam(s, input.params)).length;
  return {
    ...section(texts.audienceSummary({ count: input.segments.length, archived }), AUDIENCE_SUMMARY.blockId),
    accessory: {
      type: 'button',
      action_id: AUDIENCE_SUMMARY.editActionId,
      text: plain(texts.editAudience, LIMITS.buttonText),
    },
  };
}
