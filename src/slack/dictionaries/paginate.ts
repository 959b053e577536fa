import { joinSafe, md, type SafeText } from '../blocks/escape.js';

// Pages are cut by what the items cost once rendered, never by a fixed count, so a page of
// 200-character labels and a page of 3-letter tags both stay inside Block Kit's limits. The same
// packing rule decides the page breaks and the section breaks, so the two can never disagree.

/** What one rendered entry costs: its length, and whether it must start a section (a new group). */
interface EntryShape {
  length: number;
  opensSection: boolean;
}

export interface PageBudget<T> {
  /** Most items on one page: the readable page size. */
  maxItems: number;
  /** Characters of item text on one page, all sections together. */
  maxChars: number;
  /** Section blocks the items may use on one page. */
  maxSections: number;
  /** Characters of one section text. */
  sectionChars: number;
  /** The item's rendered entry, given the item above it on the same page (undefined at the top). */
  measure(item: T, previous: T | undefined): EntryShape;
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to 1..totalPages. */
  page: number;
  /** At least 1, even for an empty list. */
  totalPages: number;
  /** Index in the whole list of the page's first item. */
  offset: number;
}

interface PackState {
  items: number;
  chars: number;
  sections: number;
  sectionLength: number;
}

/** The one rule for section breaks, used by paging and by packSections. */
function opensSection(state: PackState, shape: EntryShape, sectionChars: number): boolean {
  return state.items === 0 || shape.opensSection || state.sectionLength + 1 + shape.length > sectionChars;
}

function add(state: PackState, shape: EntryShape, sectionChars: number): void {
  if (opensSection(state, shape, sectionChars)) {
    state.sections++;
    state.sectionLength = shape.length;
  } else {
    state.sectionLength += 1 + shape.length;
  }
  state.chars += shape.length;
  state.items++;
}

function fits<T>(state: PackState, shape: EntryShape, budget: PageBudget<T>): boolean {
  const sections = state.sections + (opensSection(state, shape, budget.sectionChars) ? 1 : 0);
  return (
    state.items < budget.maxItems &&
    state.chars + shape.length <= budget.maxChars &&
    sections <= budget.maxSections
  );
}

/** Index of the first item of every page: greedy and deterministic, so page N is always the same. */
export function pageStarts<T>(items: readonly T[], budget: PageBudget<T>): number[] {
  const starts: number[] = [];
  let state: PackState | undefined;
  let previous: T | undefined;
  items.forEach((item, index) => {
    if (state !== undefined) {
      const shape = budget.measure(item, previous);
      if (fits(state, shape, budget)) {
        add(state, shape, budget.sectionChars);
        previous = item;
        return;
      }
    }
    // An item always fits on a page of its own: callers cap one entry below sectionChars.
    starts.push(index);
    state = { items: 0, chars: 0, sections: 0, sectionLength: 0 };
    add(state, budget.measure(item, undefined), budget.sectionChars);
    previous = item;
  });
  return starts;
}

/** The items of one page (clamped into range), the number of pages and where the page starts. */
export function paginate<T>(items: readonly T[], page: number, budget: PageBudget<T>): Page<T> {
  const starts = pageStarts(items, budget);
  const totalPages = Math.max(1, starts.length);
  const wanted = Number.isFinite(page) ? Math.trunc(page) : 1;
  const current = Math.min(Math.max(wanted, 1), totalPages);
  const offset = starts[current - 1] ?? 0;
  const end = starts[current] ?? items.length;
  return { items: items.slice(offset, end), page: current, totalPages, offset };
}

export interface PackedEntry {
  text: SafeText;
  opensSection: boolean;
}

/** Joins entries into section texts with the same breaks paginate counted. */
export function packSections(entries: readonly PackedEntry[], sectionChars: number): SafeText[] {
  const sections: SafeText[][] = [];
  const state: PackState = { items: 0, chars: 0, sections: 0, sectionLength: 0 };
  for (const entry of entries) {
    const shape = { length: entry.text.length, opensSection: entry.opensSection };
    if (opensSection(state, shape, sectionChars)) sections.push([]);
    sections[sections.length - 1]?.push(entry.text);
    add(state, shape, sectionChars);
  }
  return sections.map((lines) => joinSafe(lines, md`\n`));
}
