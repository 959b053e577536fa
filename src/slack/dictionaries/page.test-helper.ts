import type { KnownBlock } from '@slack/types';
import type { CachedDictionary } from '../../console/dictionaries/cache.js';
import { normaliseDictionary } from '../../console/dictionaries/normalise.js';
import type { DictionaryName } from '../../console/types.js';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { en } from '../messages/index.js';
import { dictPageMessage } from './page.js';

// Shared by the dict-page tests: build a cached dictionary from raw JSON the way the cache does,
// and render a page that must be within Block Kit limits.

const messages = en;
const fetchedAt = '2025-01-31T12:00:00.000Z';

export function cached(name: DictionaryName, json: unknown): CachedDictionary {
  return { ...normaliseDictionary(name, json), fetchedAt };
}

export function page(input: Omit<Parameters<typeof dictPageMessage>[0], 'messages'>): SlackMessage {
  const reply = dictPageMessage({ ...input, messages });
  expectWithinBlockKitLimits({ kind: 'message', ...reply });
  return reply;
}

/** Every mrkdwn text of the blocks, in order. */
export function texts(blocks: readonly KnownBlock[]): string[] {
  return blocks.flatMap((b) => {
    if (b.type === 'section') return b.text ? [b.text.text] : [];
    if (b.type === 'context') return b.elements.flatMap((e) => ('text' in e ? [e.text] : []));
    if (b.type === 'header') return [b.text.text];
    return [];
  });
}
