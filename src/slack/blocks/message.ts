import type { ActionsBlock, ActionsBlockElement, ContextBlock, KnownBlock, SectionBlock } from '@slack/types';
import { joinSafe, md, mrkdwn, type SafeText, truncateSafe } from './escape.js';
import { LIMITS } from './limits.js';

/** A message body: top-level text is the notification and screen-reader fallback, always present. */
export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

export function section(text: SafeText, blockId?: string): SectionBlock {
  return {
    type: 'section',
    ...(blockId === undefined ? {} : { block_id: blockId }),
    text: mrkdwn(text, { max: LIMITS.sectionText }),
  };
}

export function context(texts: readonly SafeText[], blockId?: string): ContextBlock {
  return {
    type: 'context',
    ...(blockId === undefined ? {} : { block_id: blockId }),
    elements: texts.slice(0, LIMITS.contextElements).map((t) => mrkdwn(t)),
  };
}

export function actions(elements: readonly ActionsBlockElement[], blockId: string): ActionsBlock {
  return { type: 'actions', block_id: blockId, elements: elements.slice(0, LIMITS.actionsElements) };
}

/** Fallback text from the same safe lines as the blocks, so it can never ping or forge links either. */
export function fallbackText(lines: readonly SafeText[]): string {
  return truncateSafe(joinSafe(lines, md` `), LIMITS.messageText);
}

/** A one-section message: acks, refusals, simple confirmations. */
export function textMessage(text: SafeText, blockId?: string): SlackMessage {
  return { text: fallbackText([text]), blocks: [section(text, blockId)] };
}

/** Drops empty optional blocks and keeps the message within Slack's block count. */
export function message(text: string, blocks: readonly (KnownBlock | undefined)[]): SlackMessage {
  const kept = blocks.filter((b): b is KnownBlock => b !== undefined).slice(0, LIMITS.messageBlocks);
  return { text, blocks: kept };
}
