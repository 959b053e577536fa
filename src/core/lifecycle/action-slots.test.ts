import { describe, expect, it } from 'vitest';
import { createActionSlots } from './action-slots.js';

describe('action slots', () => {
  it('refuses past the bound and takes again once a slot is given back', () => {
    const slots = createActionSlots(2, { perWorkspace: 2 });
    expect([slots.tryTake('a'), slots.tryTake('a'), slots.tryTake('a')]).toEqual([true, true, false]);
    expect(slots.inUse).toBe(2);
    slots.give('a');
    expect(slots.tryTake('a')).toBe(true);
    slots.give('a');
    slots.give('a');
    // More gives than takes (a bug elsewhere) must not open extra slots.
    slots.give('a');
    expect(slots.inUse).toBe(0);
    expect([slots.tryTake('a'), slots.tryTake('a'), slots.tryTake('a')]).toEqual([true, true, false]);
  });

  it('says whether a take would succeed, taking nothing', () => {
    const slots = createActionSlots(8);
    for (let i = 0; i < 12; i++) {
      const free = slots.free('T-hung');
      expect(slots.free('T-hung')).toBe(free);
      expect(slots.tryTake('T-hung')).toBe(free);
    }
    expect(slots.inUse).toBe(6);
    expect([slots.free('T-other'), slots.tryTake('T-other')]).toEqual([true, true]);
  });

  it('lets a workspace borrow beyond its share but always leaves a share free for the others', () => {
    // A bound of 8, a share of 2 (a quarter).
    const slots = createActionSlots(8);
    const hung = Array.from({ length: 8 }, () => slots.tryTake('T-hung'));
    // Its share, then borrowing while more than a share stays free: 6 of 8.
    expect(hung).toEqual([true, true, true, true, true, true, false, false]);
    // The others find the share it left, each within its own share.
    expect(slots.tryTake('T-other')).toBe(true);
    expect(slots.tryTake('T-third')).toBe(true);
    expect(slots.inUse).toBe(8);
    // The whole bound holds, even for a workspace within its share.
    expect(slots.tryTake('T-fourth')).toBe(false);
    slots.give('T-hung');
    // One free slot is within the last share: the borrower may not take it back, another may.
    expect(slots.tryTake('T-hung')).toBe(false);
    expect(slots.tryTake('T-fourth')).toBe(true);
    // Giving back for a workspace that holds nothing changes nothing.
    slots.give('T-nobody');
    expect(slots.inUse).toBe(8);
  });

  it('keeps a workspace to its share once the bound is nearly used', () => {
    const slots = createActionSlots(4, { perWorkspace: 1 });
    expect([slots.tryTake('a'), slots.tryTake('a'), slots.tryTake('a'), slots.tryTake('a')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(slots.tryTake('b')).toBe(true);
  });

  it('reports refusals for a log line at most once per interval, with every refusal counted', () => {
    let now = 1_000_000;
    const slots = createActionSlots(0, { logEveryMs: 10_000, now: () => now });
    expect(slots.countRefusal()).toBe(1);
    const within = Array.from({ length: 2_999 }, () => slots.countRefusal());
    expect(within.every((n) => n === undefined)).toBe(true);
    now += 9_999;
    expect(slots.countRefusal()).toBeUndefined();
    now += 1;
    // The 2,999 held back, the one at 9,999 ms and this one.
    expect(slots.countRefusal()).toBe(3_001);
    now += 60_000;
    expect(slots.countRefusal()).toBe(1);
  });
});
