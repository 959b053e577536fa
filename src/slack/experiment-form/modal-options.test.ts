import { describe, expect, it } from 'vitest';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import {
  decodeOptionValue,
  encodeOptionValue,
  isTree,
  type OptionList,
  optionCount,
  optionsForQuery,
  toOptionList,
} from './modal-options.js';

const flat = (list: OptionList) =>
  'options' in list ? list.options : list.option_groups.flatMap((g) => g.options);

describe('option values', () => {
  it('round-trip exact platform values with their JSON type', () => {
    const samples = [
      12,
      '12',
      0,
      -3,
      0.1,
      1e21,
      'user',
      'with:colon s:n:',
      'Ранжирование',
      '🚀 emoji',
      ' spaced ',
    ];
    for (const value of samples) {
      const encoded = encodeOptionValue(value);
      expect(encoded.length).toBeLessThanOrEqual(150);
      expect(decodeOptionValue(encoded)).toStrictEqual(value);
    }
    expect(encodeOptionValue(12)).toBe('n:12');
    expect(encodeOptionValue('12')).toBe('s:12');
  });

  it('turn values too long for 150 characters into a digest resolved against the offered values', () => {
    const long = `segment:${'x'.repeat(300)}`;
    const other = `segment:${'y'.repeat(300)}`;
    const edge = 'e'.repeat(148); // "s:" + 148 = 150: still plain
    expect(encodeOptionValue(edge)).toBe(`s:${edge}`);
    const encoded = encodeOptionValue(long);
    expect(encoded).toMatch(/^h:[\w-]{32}$/);
    expect(encodeOptionValue(other)).not.toBe(encoded);
    expect(decodeOptionValue(encoded, ['a', 7, other, long])).toBe(long);
    // Resolution does not depend on order, and never guesses.
    expect(decodeOptionValue(encoded, [long, other].reverse())).toBe(long);
    expect(decodeOptionValue(encoded)).toBeUndefined();
    expect(decodeOptionValue(encoded, [other, 'a'])).toBeUndefined();
  });

  it('refuse malformed values', () => {
    for (const bad of ['', 'x', 's:', 'n:', 'n:abc', 'n: ', 'n:Infinity', 'q:1', 'h:unknown']) {
      expect(decodeOptionValue(bad, ['x', 1]), bad).toBeUndefined();
    }
  });
});

describe('optionsForQuery', () => {
  const many: DictionaryItem[] = Array.from({ length: 10_000 }, (_, i) => ({
    value: i % 2 === 0 ? i : `metric.${i}`,
    label: `Metric ${i}: ${'long description '.repeat(i % 7 === 0 ? 10 : 1)}`,
    raw: {},
  }));

  it('answers within Slack limits on 10,000 items', () => {
    for (const query of ['', 'metric', '99', 'METRIC 12', 'zzz']) {
      const list = optionsForQuery(many, query);
      expect(optionCount(list)).toBeLessThanOrEqual(100);
      expectWithinBlockKitLimits({ kind: 'options', ...list });
    }
    expect(optionCount(optionsForQuery(many, ''))).toBe(100);
    expect(optionCount(optionsForQuery(many, 'zzz'))).toBe(0);
  });

  it('matches labels and values case-insensitively, labels starting with the query first', () => {
    const items: DictionaryItem[] = [
      { value: 'checkout.conversion.d7', label: 'Checkout: Conversion (d7)', raw: {} },
      { value: 'search.ctr.d7', label: 'Search: CTR (d7)', raw: {} },
      { value: 42, label: 'Search conversion', raw: {} },
      { value: 'x.conversion', label: 'Unlabelled', raw: {} },
    ];
    const values = (q: string) => flat(optionsForQuery(items, q)).map((o) => o.value);
    expect(values('CONVERSION')).toEqual(['s:checkout.conversion.d7', 'n:42', 's:x.conversion']);
    expect(values('search')).toEqual(['s:search.ctr.d7', 'n:42']);
    expect(values('42')).toEqual(['n:42']);
    expect(values('  ctr ')).toEqual(['s:search.ctr.d7']);
  });

  it('matches every word of the query in any order', () => {
    const items: DictionaryItem[] = [
      { value: 'search.conversion.d7', label: 'Search: Conversion (d7)', raw: {} },
      { value: 'checkout.conversion.d7', label: 'Checkout: Conversion (d7)', raw: {} },
      { value: 'checkout.ctr.d7', label: 'Checkout: CTR (d7)', raw: {} },
    ];
    const values = (q: string) => flat(optionsForQuery(items, q)).map((o) => o.value);
    expect(values('checkout conv')).toEqual(['s:checkout.conversion.d7']);
    expect(values('conv checkout')).toEqual(['s:checkout.conversion.d7']);
    expect(values('d7 CONVERSION')).toEqual(['s:search.conversion.d7', 's:checkout.conversion.d7']);
  });

  it('respects the limit and never exceeds 100', () => {
    expect(optionCount(optionsForQuery(many, 'metric', 5))).toBe(5);
    expect(optionCount(optionsForQuery(many, 'metric', 500))).toBe(100);
    expect(optionCount(optionsForQuery(many, 'metric', 0))).toBe(0);
  });

  it('truncates option texts to 75 characters', () => {
    const list = flat(optionsForQuery(many, 'Metric 7:'));
    expect(list.length).toBeGreaterThan(0);
    for (const option of list) expect(option.text.text.length).toBeLessThanOrEqual(75);
    expect(list[0]?.text.text.endsWith('…')).toBe(true);
  });

  it('groups options when the items come from several groups', () => {
    const lists: DictionaryItem[] = [
      { value: 501, label: 'QA staff', group: 'allowed', raw: {} },
      { value: 502, label: 'Beta testers', group: 'allowed', raw: {} },
      { value: 601, label: 'QA bots', group: 'excluded', raw: {} },
      { value: 700, label: 'QA loose', raw: {} },
    ];
    const list = optionsForQuery(lists, 'qa', 100, 'Other');
    if (!('option_groups' in list)) throw new Error('expected groups');
    expect(list.option_groups.map((g) => [g.label.text, g.options.map((o) => o.value)])).toEqual([
      ['Other', ['n:700']],
      ['allowed', ['n:501']],
      ['excluded', ['n:601']],
    ]);
    expectWithinBlockKitLimits({ kind: 'options', ...list });
    // One group only: plain options.
    expect('options' in optionsForQuery(lists, 'beta')).toBe(true);
  });
});

describe('a tree as options', () => {
  const team = (value: number, label: string, group?: string): DictionaryItem =>
    group === undefined ? { value, label, raw: {} } : { value, label, group, raw: {} };
  const teams = [
    team(10, 'Marketplace'),
    team(11, 'Search', 'Marketplace'),
    team(111, 'Ranking', 'Marketplace / Search'),
    team(20, 'Fintech'),
    team(21, 'Payments', 'Fintech'),
  ];
  const groups = (list: OptionList) =>
    'option_groups' in list
      ? list.option_groups.map((g) => [g.label.text, g.options.map((o) => [o.text.text, o.value])])
      : [];

  it('tells a tree (parents are items) from a dictionary grouped by kind', () => {
    expect(isTree(teams)).toBe(true);
    expect(isTree([team(501, 'QA staff', 'allowed'), team(601, 'Bots', 'excluded')])).toBe(false);
    expect(isTree([team(1, 'Flat'), team(2, 'List')])).toBe(false);
  });

  it('groups a tree by its top-level items, each option named by its path below the top', () => {
    expect(groups(toOptionList(teams, 'Other'))).toEqual([
      [
        'Marketplace',
        [
          ['Marketplace', 'n:10'],
          ['Search', 'n:11'],
          ['Search / Ranking', 'n:111'],
        ],
      ],
      [
        'Fintech',
        [
          ['Fintech', 'n:20'],
          ['Payments', 'n:21'],
        ],
      ],
    ]);
  });

  it('keeps the leaf of a path too long for an option, and the hierarchy in search results', () => {
    const deep = [
      team(1, 'Root'),
      team(2, 'L'.repeat(80), 'Root'),
      team(3, 'Leaf team', `Root / ${'L'.repeat(80)}`),
    ];
    const texts = flat(toOptionList(deep, 'Other')).map((o) => o.text.text);
    expect(texts[2]).toHaveLength(75);
    expect(texts[2]?.startsWith('…')).toBe(true);
    expect(texts[2]?.endsWith(' / Leaf team')).toBe(true);
    // A search that matches only children still shows them under their top-level team, by path.
    expect(groups(optionsForQuery(teams, 'ranking payments'))).toEqual([]);
    const found = optionsForQuery(teams, 'a');
    expect(groups(found).map(([group]) => group)).toEqual(['Marketplace', 'Fintech']);
    expect(flat(optionsForQuery(teams, 'ranking')).map((o) => o.text.text)).toEqual(['Search / Ranking']);
  });
});
