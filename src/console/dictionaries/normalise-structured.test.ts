import { describe, expect, it } from 'vitest';
import { ContextParamStatus } from '../schemas.js';
import { normaliseDictionary } from './normalise.js';

const summary = (items: { value: unknown; label: string; group?: string; status?: string }[]) =>
  items.map(({ value, label, group, status }) => ({ value, label, group, status }));

describe('normaliseDictionary: trees', () => {
  const tree = [
    {
      id: 1,
      name: 'Org',
      children: [
        {
          id: 2,
          name: 'Search',
          teams: [
            {
              id: 3,
              name: 'Ranking',
              subteams: [
                { id: 4, name: 'Ranking ML', items: [{ id: 5, name: 'Features', status: 'active' }] },
              ],
            },
          ],
        },
        { id: 6, title: 'Ads', children: [] },
      ],
    },
    { id: 7, name: 'Platform' },
  ];

  it('flattens a deep team tree, parents first, with the parents path as group', () => {
    const { items, warnings } = normaliseDictionary('teams', tree);
    expect(summary(items)).toEqual([
      { value: 1, label: 'Org', group: undefined, status: undefined },
      { value: 2, label: 'Search', group: 'Org', status: undefined },
      { value: 3, label: 'Ranking', group: 'Org / Search', status: undefined },
      { value: 4, label: 'Ranking ML', group: 'Org / Search / Ranking', status: undefined },
      { value: 5, label: 'Features', group: 'Org / Search / Ranking / Ranking ML', status: 'active' },
      { value: 6, label: 'Ads', group: 'Org', status: undefined },
      { value: 7, label: 'Platform', group: undefined, status: undefined },
    ]);
    expect(warnings).toEqual([]);
  });

  it('reads the same tree from a single root object and from a {teams} envelope', () => {
    const fromRoot = normaliseDictionary('teams', { id: 0, name: 'Root', children: tree });
    expect(fromRoot.items[0]).toMatchObject({ value: 0, label: 'Root' });
    expect(fromRoot.items[5]).toMatchObject({
      value: 5,
      group: 'Root / Org / Search / Ranking / Ranking ML',
    });
    const wrapped = normaliseDictionary('teams', { teams: tree });
    expect(summary(wrapped.items)).toEqual(summary(normaliseDictionary('teams', tree).items));
  });

  it('keeps a root that names itself only by name as a tree node, not an envelope', () => {
    const { items } = normaliseDictionary('teams', { name: 'Org', teams: [{ name: 'Search' }] });
    expect(summary(items)).toEqual([
      { value: 'Org', label: 'Org', group: undefined, status: undefined },
      { value: 'Search', label: 'Search', group: 'Org', status: undefined },
    ]);
  });

  it('reads nested groups of plain objects as a group path', () => {
    const { items } = normaliseDictionary('layers', {
      Search: { Web: ['l1'], App: [{ id: 9, title: 'L9' }] },
    });
    expect(summary(items)).toEqual([
      { value: 'l1', label: 'l1', group: 'Search / Web', status: undefined },
      { value: 9, label: 'L9', group: 'Search / App', status: undefined },
    ]);
  });
});

describe('normaliseDictionary: participant lists and objective meta', () => {
  it('reads {allowed, excluded} as groups, ignoring scalar metadata beside them', () => {
    const { items, warnings } = normaliseDictionary('participant-lists', {
      allowed: [{ id: 1, title: 'Staff' }],
      excluded: [{ id: 2, title: 'Bots' }, 'fraud-list'],
      total: 3,
    });
    expect(summary(items)).toEqual([
      { value: 1, label: 'Staff', group: 'allowed', status: undefined },
      { value: 2, label: 'Bots', group: 'excluded', status: undefined },
      { value: 'fraud-list', label: 'fraud-list', group: 'excluded', status: undefined },
    ]);
    expect(warnings).toEqual([]);
  });

  it('reads the side from flags and kinds on each item', () => {
    const { items } = normaliseDictionary('participant-lists', {
      data: [
        { id: 1, title: 'Staff', excluded: false },
        { id: 2, title: 'Bots', excluded: true },
        { id: 3, title: 'QA', type: 'allowed' },
        { id: 4, title: 'Fraud', listType: 'EXCLUDED' },
        { id: 5, title: 'Beta', isAllowed: true },
        { id: 6, title: 'Unknown side' },
      ],
    });
    expect(items.map((item) => item.group)).toEqual([
      'allowed',
      'excluded',
      'allowed',
      'excluded',
      'allowed',
      undefined,
    ]);
  });

  it('does not read allowed/excluded flags in other dictionaries', () => {
    const { items } = normaliseDictionary('layers', [{ id: 1, name: 'L', excluded: true }]);
    expect(items[0]?.group).toBeUndefined();
  });

  it('reads objective-meta {metrics, slices} as two groups', () => {
    const { items } = normaliseDictionary('objective-meta', {
      result: {
        metrics: [
          { id: 'ctr', title: 'CTR' },
          { id: 'gmv', title: 'GMV' },
        ],
        slices: [{ key: 'platform', label: 'Platform' }],
      },
    });
    expect(summary(items)).toEqual([
      { value: 'ctr', label: 'CTR', group: 'metrics', status: undefined },
      { value: 'gmv', label: 'GMV', group: 'metrics', status: undefined },
      { value: 'platform', label: 'Platform', group: 'slices', status: undefined },
    ]);
  });
});

describe('normaliseDictionary: context-param-predicates', () => {
  const predicates = { string: ['eq', 'in'], number: ['gt', 'lt'] };
  const predicateApplicability = [{ type: 'string', predicates: ['eq'] }];
  const params = ContextParamStatus.options.map((status, index) => ({
    id: index === 0 ? 'p0' : index,
    type: 'string',
    title: index === 1 ? undefined : `Param ${index}`,
    label: `label-${index}`,
    status,
    domainId: 10 + index,
  }));

  it('reads params with all four statuses and keeps predicates raw in extra', () => {
    const result = normaliseDictionary('context-param-predicates', {
      params,
      predicates,
      predicateApplicability,
    });
    expect(summary(result.items)).toEqual([
      { value: 'p0', label: 'Param 0', group: undefined, status: 'draft' },
      { value: 1, label: 'label-1', group: undefined, status: 'active' },
      { value: 2, label: 'Param 2', group: undefined, status: 'archived' },
      { value: 3, label: 'Param 3', group: undefined, status: 'deleted' },
    ]);
    expect(result.items[3]?.raw).toBe(params[3]);
    expect(result.extra?.predicates).toBe(predicates);
    expect(result.extra?.predicateApplicability).toBe(predicateApplicability);
    expect(result.warnings).toEqual([]);
  });

  it('unwraps an envelope and warns about a status outside ContextParamStatus', () => {
    const result = normaliseDictionary('context-param-predicates', {
      data: { params: [{ id: 1, title: 'A', status: 'paused' }], predicates: null },
    });
    expect(result.items.map((item) => item.status)).toEqual(['paused']);
    expect(result.extra).toEqual({ predicates: null });
    expect(result.warnings.some((w) => w.includes('not a ContextParamStatus'))).toBe(true);
  });

  it('reads empty params as no items, keeping the predicates', () => {
    const result = normaliseDictionary('context-param-predicates', { params: [], predicates });
    expect(result).toEqual({
      name: 'context-param-predicates',
      items: [],
      extra: { predicates },
      warnings: [],
    });
  });

  it('falls back to a plain reading with a warning when there is no params key', () => {
    const result = normaliseDictionary('context-param-predicates', [{ id: 1, title: 'A', status: 'active' }]);
    expect(result.items.map((item) => item.value)).toEqual([1]);
    expect(result.extra).toBeUndefined();
    expect(result.warnings.some((w) => w.includes('no "params"'))).toBe(true);
  });
});
