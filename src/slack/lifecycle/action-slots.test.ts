import { describe, expect, it } from 'vitest';
import { createActionSlots } from './action-slots.js';

describe('action slots', () => {
  it('refuses past the bound and takes again once a slot is given back', () => {
    const slots = createActionSlots(2);
    expect([slots.tryTake(), slots.tryTake(), slots.tryTake()]).toEqual([true, true, false]);
    expect(slots.inUse).toBe(2);
    slots.give();
    expect(slots.tryTake()).toBe(true);
    slots.give();
    slots.give();
    slots.give();
    expect(slots.inUse).toBe(0);
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
