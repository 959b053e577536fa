import { describe, expect, it } from 'vitest';
import { readContextPredicates } from './predicates.js';

describe('readContextPredicates', () => {
  it('reads operators from lists of objects or strings, and from maps', () => {
    const objects = readContextPredicates({
      predicates: [{ id: 'eq', title: 'equals' }, { code: 'in', name: 'is one of' }, { nothing: 1 }],
    });
    expect(objects.items.map((i) => [i.value, i.label])).toEqual([
      ['eq', 'equals'],
      ['in', 'is one of'],
    ]);
    expect(readContextPredicates({ predicates: ['eq', 7] }).items.map((i) => [i.value, i.label])).toEqual([
      ['eq', 'eq'],
      [7, '7'],
    ]);
    const map = readContextPredicates({ predicates: { eq: 'equals', gt: { title: 'greater than' } } });
    expect(map.items.map((i) => [i.value, i.label])).toEqual([
      ['eq', 'equals'],
      ['gt', 'greater than'],
    ]);
  });

  it('reads where operators apply from a map of lists, and nothing from other shapes', () => {
    const read = readContextPredicates({
      predicates: ['eq'],
      predicateApplicability: { string: ['eq', { id: 'in' }], number: { nested: true } },
    });
    expect([...(read.byParamType ?? [])]).toEqual([['string', ['eq', 'in']]]);
    expect(readContextPredicates({ predicates: 'eq', predicateApplicability: ['eq'] })).toEqual({
      items: [],
    });
    expect(readContextPredicates(undefined)).toEqual({ items: [] });
  });
});
