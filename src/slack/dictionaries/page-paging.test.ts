import type { Button } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { CachedDictionary } from '../../console/dictionaries/cache.js';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { LIMITS } from '../blocks/limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { SlackPayloadError } from '../payload.js';
import {
  clipDictFilter,
  DICT_ACTIONS,
  DICT_FILTER_MAX,
  type DictPageButtonValue,
  decodeDictPageValue,
  encodeDictPageValue,
} from './ids.js';
import { filterItems } from './items.js';
import { cached, page, texts } from './page.test-helper.js';

const HOSTILE = '<!channel> <https://x|y> & ';

function dictionaryOf(n: number, label: (i: number) => string, group?: (i: number) => string) {
  const items: DictionaryItem[] = Array.from({ length: n }, (_, i) => ({
    value: `v${String(i).padStart(4, '0')}`,
    label: label(i),
    ...(group ? { group: group(i) } : {}),
    raw: null,
  }));
  return { ...cached('layers', []), items } satisfies CachedDictionary;
}

function navButton(reply: SlackMessage, actionId: string): Button | undefined {
  for (const block of reply.blocks) {
    if (block.type !== 'actions') continue;
    const found = block.elements.find((e) => e.type === 'button' && e.action_id === actionId);
    if (found) return found as Button;
  }
  return undefined;
}

function valuesShown(reply: SlackMessage): string[] {
  return [
    ...texts(reply.blocks)
      .join('\n')
      .matchAll(/`(v\d{4})`/g),
  ].map((m) => m[1] ?? '');
}

/** Follows the Next buttons from page 1, decoding each value as the listener would. */
function walk(dictionary: CachedDictionary, filter?: string, pageSize?: number): SlackMessage[] {
  const pages: SlackMessage[] = [];
  let request: DictPageButtonValue | undefined = { name: dictionary.name, page: 1 };
  while (request !== undefined && pages.length < 1000) {
    const reply = page({ dictionary, filter: request.filter ?? filter, page: request.page, pageSize });
    pages.push(reply);
    const next = navButton(reply, DICT_ACTIONS.next);
    request = next?.value === undefined ? undefined : decodeDictPageValue(next.value);
  }
  return pages;
}

describe('dictPageMessage paging', () => {
  it('covers 2,500 long, hostile labels exactly once, every page within limits', () => {
    const dictionary = dictionaryOf(2500, (i) => `${HOSTILE}${'label '.repeat(80)}${i}`);
    const pages = walk(dictionary);
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.flatMap(valuesShown)).toEqual(dictionary.items.map((item) => item.value));
    expect(navButton(pages[0] as SlackMessage, DICT_ACTIONS.prev)).toBeUndefined();
    expect(navButton(pages[1] as SlackMessage, DICT_ACTIONS.prev)).toBeDefined();
    const last = pages[pages.length - 1] as SlackMessage;
    expect(navButton(last, DICT_ACTIONS.next)).toBeUndefined();
    expect(texts(last.blocks).join('\n')).toContain(`of 2,500 (page ${pages.length} of ${pages.length})`);
    expect(JSON.stringify(pages)).not.toContain('<!channel>');
  });

  it('packs pages by size, not by a fixed count', () => {
    const short = walk(
      dictionaryOf(1000, (i) => `t${i}`),
      undefined,
      100,
    );
    expect(valuesShown(short[0] as SlackMessage)).toHaveLength(100);
    const long = walk(
      dictionaryOf(1000, (i) => `${'x'.repeat(300)}${i}`),
      undefined,
      100,
    );
    const perPage = valuesShown(long[0] as SlackMessage).length;
    expect(perPage).toBeGreaterThan(10);
    expect(perPage).toBeLessThan(100);
    expect(long.flatMap(valuesShown)).toHaveLength(1000);
  });

  it('stays within 50 blocks when every item is its own group', () => {
    const dictionary = dictionaryOf(
      600,
      (i) => `item ${i}`,
      (i) => `group <${i}>`,
    );
    const pages = walk(dictionary, undefined, 100);
    expect(pages.flatMap(valuesShown)).toHaveLength(600);
    for (const reply of pages) expect(reply.blocks.length).toBeLessThanOrEqual(LIMITS.messageBlocks);
  });

  it('filters case-insensitively on label and value, and pages the matches', () => {
    const dictionary = dictionaryOf(300, (i) => (i % 3 === 0 ? `Checkout ${i}` : `Search ${i}`));
    const pages = walk(dictionary, 'CHECKOUT', 30);
    const shown = pages.flatMap(valuesShown);
    expect(shown).toHaveLength(100);
    expect(texts(pages[0]?.blocks ?? []).join('\n')).toContain('Showing 1–30 of 100 matching `CHECKOUT`');
    expect(shown.every((v) => Number(v.slice(1)) % 3 === 0)).toBe(true);
  });

  it('clamps a page past the end to the last page', () => {
    const dictionary = dictionaryOf(60, (i) => `l${i}`);
    const last = page({ dictionary, page: 999, pageSize: 25 });
    expect(valuesShown(last)).toEqual([
      'v0050',
      'v0051',
      'v0052',
      'v0053',
      'v0054',
      'v0055',
      'v0056',
      'v0057',
      'v0058',
      'v0059',
    ]);
    expect(navButton(last, DICT_ACTIONS.next)).toBeUndefined();
    expect(decodeDictPageValue(navButton(last, DICT_ACTIONS.prev)?.value ?? '').page).toBe(2);
  });
});

describe('filterItems', () => {
  const items: DictionaryItem[] = [
    { value: 12, label: 'Alpha', raw: null },
    { value: 'beta-x', label: 'Second', raw: null },
    { value: 3, label: 'gamma 12', raw: null },
  ];

  it('matches label or String(value), ignoring case and surrounding spaces', () => {
    expect(filterItems(items, '12').map((i) => i.value)).toEqual([12, 3]);
    expect(filterItems(items, '  BETA ').map((i) => i.value)).toEqual(['beta-x']);
    expect(filterItems(items, 'alp').map((i) => i.value)).toEqual([12]);
    expect(filterItems(items, 'nothing')).toEqual([]);
    expect(filterItems(items, '   ')).toEqual(items);
    expect(filterItems(items, undefined)).toEqual(items);
  });

  it('matches every word of a filter, in any order', () => {
    expect(filterItems(items, '12 gamma').map((i) => i.value)).toEqual([3]);
    expect(filterItems(items, 'second BETA').map((i) => i.value)).toEqual(['beta-x']);
    expect(filterItems(items, 'alpha beta')).toEqual([]);
  });
});

describe('dict page button values', () => {
  it('round-trip with filter and body', () => {
    const value: DictPageButtonValue = {
      name: 'context-param-predicates',
      filter: 'geo <b>',
      page: 3,
      body: { experimentId: 12, domainId: null },
    };
    expect(decodeDictPageValue(encodeDictPageValue(value))).toEqual(value);
    expect(decodeDictPageValue(encodeDictPageValue({ name: 'tags', page: 1 }))).toEqual({
      name: 'tags',
      page: 1,
    });
  });

  it('cut a filter that JSON would grow past 2000 characters, the same way the page does', () => {
    const filter = `"\\\u0001`.repeat(2000);
    const encoded = encodeDictPageValue({ name: 'layers', filter, page: 2 });
    expect(encoded.length).toBeLessThanOrEqual(LIMITS.buttonValue);
    const decoded = decodeDictPageValue(encoded);
    expect(decoded.filter).toBe(clipDictFilter(filter));
    expect(decoded.filter).toHaveLength(DICT_FILTER_MAX);
    const reply = page({ dictionary: dictionaryOf(3, (i) => `l${i}`), filter, page: 1 });
    expect(texts(reply.blocks).join('\n')).toContain('No entries match');
  });

  it('refuse what a listener must not act on', () => {
    const reasons = (text: string) => {
      try {
        decodeDictPageValue(text);
      } catch (error) {
        if (error instanceof SlackPayloadError) return error.reason;
        throw error;
      }
      return 'accepted';
    };
    expect(reasons('not json')).toBe('not-json');
    expect(reasons('{"name":"nope","page":1}')).toBe('invalid');
    expect(reasons('{"name":"tags","page":0}')).toBe('invalid');
    expect(reasons('{"name":"tags","page":1,"extra":true}')).toBe('invalid');
    expect(reasons(`{"name":"tags","page":1,"filter":"${'x'.repeat(201)}"}`)).toBe('invalid');
    expect(reasons(' '.repeat(2001))).toBe('too-large');
  });
});
