import type { KnownBlock, ModalView } from '@slack/types';
import type { ExperimentChanges } from '../../core/experiment-changes.js';
import { joinSafe, plain, truncateSafe } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { changeLines } from './change-summary.js';
import type { FilterLookup } from './filter-text.js';
import { EDIT_CONFIRM_VIEW } from './ids.js';
import { type ExperimentModalMetadata, encodeExperimentModalMetadata } from './modal-metadata.js';

/** Lines per section: several sections keep a long diff readable and inside Slack's limits. */
const LINES_PER_SECTION = 15;
const SECTION_MAX = 2900;

/** What saving will send, pushed over the form (response_action: push); Save sends it. */
export function confirmView(input: {
  experimentId: number;
  changes: ExperimentChanges;
  lookup: FilterLookup;
  metadata: ExperimentModalMetadata;
  messages: Messages;
}): ModalView {
  const texts = input.messages.experimentEdit;
  const lines = changeLines(input.changes, input.lookup, input.messages);
  const blocks: KnownBlock[] = [
    section(texts.confirmIntro({ experimentId: input.experimentId }), EDIT_CONFIRM_VIEW.blocks.intro),
  ];
  for (let i = 0; i < lines.length; i += LINES_PER_SECTION) {
    blocks.push(section(truncateSafe(joinSafe(lines.slice(i, i + LINES_PER_SECTION)), SECTION_MAX)));
  }
  return {
    type: 'modal',
    callback_id: EDIT_CONFIRM_VIEW.callbackId,
    title: plain(texts.confirmTitle, LIMITS.viewTitle),
    submit: plain(texts.confirmSubmit, LIMITS.viewSubmit),
    close: plain(texts.audienceBack, LIMITS.viewClose),
    private_metadata: encodeExperimentModalMetadata(input.metadata),
    blocks: blocks.slice(0, LIMITS.viewBlocks),
  };
}
