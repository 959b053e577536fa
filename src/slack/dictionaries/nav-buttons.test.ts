import { describe, expect, it } from 'vitest';
import { CONNECT_MODAL } from '../connection/ids.js';
import { LIFECYCLE_ACTION_ID_PATTERN, LIFECYCLE_ACTION_IDS, LIFECYCLE_BLOCKS } from '../lifecycle/ids.js';
import { en } from '../messages/index.js';
import { EXPOSE_ACTIONS, SPLITTER_BLOCKS } from '../splitter/ids.js';
import { STOP_MODAL } from '../stop/ids.js';
import { DICT_ACTIONS, DICT_BLOCKS, decodeDictPageValue } from './ids.js';
import { dictNavButtons } from './nav-buttons.js';

describe('dict and splitter ids', () => {
  it('are unique among all ids and never match the lifecycle pattern', () => {
    const mine = [
      ...Object.values(DICT_BLOCKS),
      ...Object.values(DICT_ACTIONS),
      ...Object.values(SPLITTER_BLOCKS),
      ...Object.values(EXPOSE_ACTIONS),
    ];
    const all = [
      ...mine,
      ...Object.values(LIFECYCLE_BLOCKS),
      ...Object.values(LIFECYCLE_ACTION_IDS),
      STOP_MODAL.callbackId,
      ...Object.values(STOP_MODAL.blocks),
      ...Object.values(STOP_MODAL.actions),
      CONNECT_MODAL.callbackId,
      ...Object.values(CONNECT_MODAL.blocks),
      ...Object.values(CONNECT_MODAL.actions),
    ];
    expect(new Set(all).size).toBe(all.length);
    for (const id of mine) expect(LIFECYCLE_ACTION_ID_PATTERN.test(id)).toBe(false);
  });
});

describe('dictNavButtons', () => {
  const base = { name: 'tags' as const, filter: 'a', messages: en };

  it('offers only the directions that exist, each carrying its target page', () => {
    expect(dictNavButtons({ ...base, page: 1, totalPages: 1 })).toEqual([]);
    const first = dictNavButtons({ ...base, page: 1, totalPages: 3 });
    expect(first.map((b) => b.action_id)).toEqual([DICT_ACTIONS.next]);
    const middle = dictNavButtons({ ...base, page: 2, totalPages: 3, body: { domainId: 4 } });
    expect(middle.map((b) => [b.action_id, decodeDictPageValue(b.value ?? '')])).toEqual([
      [DICT_ACTIONS.prev, { name: 'tags', filter: 'a', page: 1, body: { domainId: 4 } }],
      [DICT_ACTIONS.next, { name: 'tags', filter: 'a', page: 3, body: { domainId: 4 } }],
    ]);
    expect(dictNavButtons({ ...base, page: 3, totalPages: 3 }).map((b) => b.action_id)).toEqual([
      DICT_ACTIONS.prev,
    ]);
  });
});
