import { describe, expect, it } from 'vitest';
import type { SafeText } from '../blocks/escape.js';
import { type PageBudget, packSections, pageStarts, paginate } from './paginate.js';

type Row = { id: number; length: number; group?: string };

function budget(overrides: Partial<PageBudget<Row>> = {}): PageBudget<Row> {
  return {
    maxItems: 10,
    maxChars: 1000,
    maxSections: 5,
    sectionChars: 300,
    measure: (row, previous) => ({
      length: row.length,
      opensSection: row.group !== undefined && row.group !== previous?.group,
    }),
    ...overrides,
  };
}

function rows(n: number, length: (i: number) => number, group?: (i: number) => string): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i,
    length: length(i),
    ...(group ? { group: group(i) } : {}),
  }));
}

function allPages(items: readonly Row[], b: PageBudget<Row>): Row[][] {
  const first = paginate(items, 1, b);
  return Array.from({ length: first.totalPages }, (_, i) => paginate(items, i + 1, b).items);
}

describe('paginate', () => {
  it('cuts by item count when entries are short', () => {
    const items = rows(25, () => 5);
    const pages = allPages(items, budget());
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
  });

  it('cuts by characters when entries are long, and covers every item exactly once', () => {
    const items = rows(40, (i) => 100 + (i % 7) * 20);
    const b = budget({ maxItems: 100, maxSections: 100 });
    const pages = allPages(items, b);
    expect(pages.length).toBeGreaterThan(4);
    expect(pages.flat().map((r) => r.id)).toEqual(items.map((r) => r.id));
    for (const page of pages) {
      expect(page.reduce((sum, r) => sum + r.length, 0)).toBeLessThanOrEqual(b.maxChars);
    }
  });

  it('never needs more sections than allowed, counting group breaks', () => {
    const items = rows(
      30,
      () => 10,
      (i) => `g${i % 4 === 0 ? i : i - (i % 4)}`,
    );
    const b = budget({ maxItems: 100, maxSections: 3 });
    for (const page of allPages(items, b)) {
      const groups = new Set(page.map((r) => r.group));
      // every group opens one section; short rows never overflow one
      expect(groups.size).toBeLessThanOrEqual(3);
    }
  });

  it('is deterministic and clamps pages into range', () => {
    const items = rows(23, (i) => 10 + i);
    const b = budget();
    expect(paginate(items, 2, b)).toEqual(paginate(items, 2, b));
    const last = paginate(items, 3, b);
    expect(paginate(items, 999, b)).toEqual(last);
    expect(paginate(items, 0, b)).toEqual(paginate(items, 1, b));
    expect(paginate(items, Number.NaN, b).page).toBe(1);
    expect(last.offset + last.items.length).toBe(items.length);
  });

  it('gives one empty page for no items', () => {
    expect(paginate([], 3, budget())).toEqual({ items: [], page: 1, totalPages: 1, offset: 0 });
    expect(pageStarts([], budget())).toEqual([]);
  });

  it('puts an entry longer than the page budget on a page of its own', () => {
    const items = rows(3, (i) => (i === 1 ? 5000 : 10));
    expect(allPages(items, budget()).map((p) => p.map((r) => r.id))).toEqual([[0], [1], [2]]);
  });
});

describe('packSections', () => {
  const text = (s: string) => s as SafeText;

  it('breaks on groups and on the section budget, with the same rule as paginate', () => {
    const sections = packSections(
      [
        { text: text('a'.repeat(6)), opensSection: false },
        { text: text('b'.repeat(3)), opensSection: false },
        { text: text('c'.repeat(3)), opensSection: false },
        { text: text('d'), opensSection: true },
      ],
      10,
    );
    expect(sections).toEqual(['aaaaaa\nbbb', 'ccc', 'd']);
    const items: Row[] = [
      { id: 0, length: 6 },
      { id: 1, length: 3 },
      { id: 2, length: 3 },
      { id: 3, length: 1, group: 'x' },
    ];
    // three sections fit a budget of three, not of two
    expect(pageStarts(items, budget({ sectionChars: 10, maxSections: 3 }))).toEqual([0]);
    expect(pageStarts(items, budget({ sectionChars: 10, maxSections: 2 }))).toEqual([0, 3]);
  });
});
