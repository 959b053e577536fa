import { describe, expect, it } from 'vitest';
import { WRAPPER_KEYS } from './item-fields.js';
import { normaliseDictionary } from './normalise.js';

const pick = (json: unknown, name: Parameters<typeof normaliseDictionary>[0] = 'layers') =>
  normaliseDictionary(name, json).items.map(({ raw: _raw, ...rest }) => rest);

describe('normaliseDictionary: flat shapes', () => {
  it('reads an array of strings', () => {
    expect(pick(['regular', 'retro'], 'types')).toEqual([
      { value: 'regular', label: 'regular' },
      { value: 'retro', label: 'retro' },
    ]);
  });

  it('keeps numbers as numbers, including 0, and never merges 1 with "1"', () => {
    const { items, warnings } = normaliseDictionary('layers', [1, 0, '1', 2.5]);
    expect(items.map((item) => item.value)).toStrictEqual([1, 0, '1', 2.5]);
    expect(items.map((item) => typeof item.value)).toEqual(['number', 'number', 'string', 'number']);
    expect(items[0]?.label).toBe('1');
    expect(warnings).toEqual([]);
  });

  it('reads objects with id and title, keeping the id type and the raw object', () => {
    const raw = { id: 12, title: 'Search', extra: { a: 1 } };
    const { items } = normaliseDictionary('domains', [raw, { id: '13', title: 'Ads' }]);
    expect(items[0]).toEqual({ value: 12, label: 'Search', raw });
    expect(items[0]?.raw).toBe(raw);
    expect(items[1]?.value).toBe('13');
  });

  it.each([
    [{ value: 'web', label: 'Web' }, 'web', 'Web'],
    [{ key: 'user', displayName: 'User' }, 'user', 'User'],
    [{ code: 'RU', name: 'Russia' }, 'RU', 'Russia'],
    [{ slug: 'ui', description: 'User interface' }, 'ui', 'User interface'],
    [{ name: 'mobile' }, 'mobile', 'mobile'],
    [{ id: 5 }, 5, '5'],
    [{ id: 7, value: 'x', key: 'k', code: 'c', slug: 's', name: 'n', title: 'T', label: 'L' }, 7, 'T'],
    [{ value: 'v', key: 'k', label: 'L', name: 'N' }, 'v', 'L'],
    [{ key: 'k', name: 'N' }, 'k', 'N'],
    [{ id: 3, value: 'regular' }, 3, 'regular'],
    [{ id: 4, title: '   ', label: 'Real label' }, 4, 'Real label'],
    [{ id: null, value: 9, title: 'Nine' }, 9, 'Nine'],
  ])('value and label keys by priority: %j', (raw, value, label) => {
    const { items } = normaliseDictionary('participantTypes', [raw]);
    expect(items).toHaveLength(1);
    expect(items[0]?.value).toStrictEqual(value);
    expect(items[0]?.label).toBe(label);
  });

  it('keeps a description only when it is not already the label', () => {
    const { items } = normaliseDictionary('tags', [
      { id: 1, title: 'A', description: 'first' },
      { id: 2, description: 'only text' },
    ]);
    expect(items[0]?.description).toBe('first');
    expect(items[1]).toMatchObject({ label: 'only text' });
    expect(items[1]?.description).toBeUndefined();
  });

  it('reads status and state fields', () => {
    const { items } = normaliseDictionary('holdouts', [
      { id: 1, name: 'h1', status: 'active' },
      { id: 2, name: 'h2', state: 'ARCHIVED' },
      { id: 3, name: 'h3' },
    ]);
    expect(items.map((item) => item.status)).toEqual(['active', 'ARCHIVED', undefined]);
  });

  it('reads [value, label] pairs', () => {
    expect(
      pick(
        [
          ['regular', 'Classic A/B'],
          [2, 'Two'],
        ],
        'types',
      ),
    ).toEqual([
      { value: 'regular', label: 'Classic A/B' },
      { value: 2, label: 'Two' },
    ]);
  });

  it('reads a value→label map, and a map of entry objects', () => {
    expect(pick({ regular: 'Classic A/B', retro: 'Retro analysis' }, 'types')).toEqual([
      { value: 'regular', label: 'Classic A/B' },
      { value: 'retro', label: 'Retro analysis' },
    ]);
    const { items } = normaliseDictionary('types', {
      regular: { title: 'Classic', status: 'active' },
      crm: { id: 'crm_v2', title: 'CRM' },
    });
    expect(items.map(({ value, label, status }) => ({ value, label, status }))).toEqual([
      { value: 'regular', label: 'Classic', status: 'active' },
      { value: 'crm_v2', label: 'CRM', status: undefined },
    ]);
  });
});

describe('normaliseDictionary: wrappers', () => {
  it.each(WRAPPER_KEYS)('unwraps {%s: [...]} beside metadata', (key) => {
    const { items, warnings } = normaliseDictionary('layers', { [key]: [{ id: 1, name: 'L1' }], total: 1 });
    expect(items.map((item) => item.value)).toEqual([1]);
    expect(items[0]?.group).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('unwraps envelopes nested twice and more', () => {
    expect(pick({ result: { items: ['a', 'b'] } })).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
    ]);
    expect(pick({ data: { content: { list: [{ id: 1, title: 'x' }] }, page: 0 } })).toEqual([
      { value: 1, label: 'x' },
    ]);
  });

  it('unwraps a single key named after the dictionary, in any spelling', () => {
    expect(pick({ layers: ['l1'] }, 'layers')).toEqual([{ value: 'l1', label: 'l1' }]);
    expect(pick({ participant_types: [{ id: 'user' }] }, 'participantTypes')).toEqual([
      { value: 'user', label: 'user' },
    ]);
    expect(pick({ data: { presetNames: ['Core'] } }, 'preset-names')).toEqual([
      { value: 'Core', label: 'Core' },
    ]);
  });

  it('does not unwrap a wrapper key that holds a string: that is a map entry', () => {
    expect(pick({ list: 'List view', grid: 'Grid view' })).toEqual([
      { value: 'list', label: 'List view' },
      { value: 'grid', label: 'Grid view' },
    ]);
  });
});

describe('normaliseDictionary: empty, duplicates and garbage', () => {
  it.each([null, undefined, [], {}, { items: [] }, { data: null }, { result: { items: [] } }])(
    'reads %j as an empty dictionary without warnings',
    (json) => {
      expect(normaliseDictionary('tags', json)).toEqual({ name: 'tags', items: [], warnings: [] });
    },
  );

  it.each([
    42,
    'x',
    true,
    { foo: { bar: 1 } },
    [null, {}, []],
    [true, false],
    { Search: 12 },
    [[], {}],
    [{ foo: {} }],
  ])('reads garbage %j as no items with a warning, without throwing', (json) => {
    const result = normaliseDictionary('domains', json);
    expect(result.items).toEqual([]);
    expect(result.warnings.length).toBeGreaterThan(0);
  });

  it('keeps the good entries beside the bad ones and says which were skipped', () => {
    const { items, warnings } = normaliseDictionary('tags', [null, 'ui', { foo: 1 }, { id: 2 }, '']);
    expect(items.map((item) => item.value)).toEqual(['ui', 2]);
    expect(warnings.join('\n')).toContain('$[0]');
    expect(warnings.join('\n')).toContain('$[2]');
    expect(warnings.join('\n')).toContain('$[4]');
  });

  it('drops exact duplicates within a group only, keeping the first', () => {
    const { items, warnings } = normaliseDictionary('layers', [
      { id: 1, title: 'first' },
      { id: 1, title: 'second' },
      { id: '1', title: 'string one' },
    ]);
    expect(items.map((item) => item.label)).toEqual(['first', 'string one']);
    expect(warnings).toEqual(['1 duplicate value(s) dropped within their group']);
    const grouped = normaliseDictionary('objective-meta', { metrics: ['ctr'], slices: ['ctr'] });
    expect(grouped.items).toHaveLength(2);
  });

  it('bounds deep or cyclic input instead of overflowing', () => {
    let deep: unknown = ['leaf'];
    for (let i = 0; i < 100; i++) deep = [deep];
    const result = normaliseDictionary('tags', deep);
    expect(result.items).toEqual([]);
    expect(result.warnings.some((w) => w.includes('nested deeper'))).toBe(true);

    const node: { id: number; name: string; children: unknown[] } = { id: 1, name: 'loop', children: [] };
    node.children.push(node);
    expect(normaliseDictionary('teams', node).warnings.some((w) => w.includes('nested deeper'))).toBe(true);
  });
});
