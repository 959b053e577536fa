import { describe, expect, it } from 'vitest';
import { AuditEntry } from './audit-entry.js';
import { createBusyTally } from './busy-tally.js';

const refusal = (userId: string, action = 'start', experimentId = 4): AuditEntry => ({
  userId,
  action,
  experimentId,
  decision: 'refused',
  rule: 'busy',
  outcome: 'busy',
});

describe('the tally of refusals for want of a slot', () => {
  it('sums each workspace apart and is empty once taken', () => {
    const tally = createBusyTally();
    tally.add('T1', refusal('U1'), Date.UTC(2026, 10, 27, 10, 0, 1));
    tally.add('T1', refusal('U1', 'stop'), Date.UTC(2026, 10, 27, 10, 0, 3));
    tally.add('T2', refusal('U9'), Date.UTC(2026, 10, 27, 10, 0, 2));
    const taken = tally.take();
    expect(taken.map((t) => t.scope)).toEqual(['T1', 'T2']);
    expect(taken[0]?.entry).toMatchObject({ userId: 'U1', action: 'start,stop', rule: 'busy' });
    expect(taken[0]?.entry.detail).toMatch(
      /^2 refused for want of a slot between 10:00:01 and 10:00:03 UTC, by U1;/,
    );
    expect(taken[1]?.entry.detail).toMatch(/^1 refused for want of a slot at 10:00:02 UTC, by U9;/);
    expect(tally.size).toBe(0);
    expect(tally.take()).toEqual([]);
  });

  it("keeps a total per experiment, found by that experiment's trail, up to a bound", () => {
    const tally = createBusyTally();
    tally.add('T1', refusal('U1', 'start', 4), 0);
    tally.add('T1', refusal('U2', 'start', 7), 0);
    tally.add('T1', refusal('U3', 'start', 4), 0);
    expect(tally.take().map((t) => [t.entry.experimentId, t.entry.detail?.split(' refused')[0]])).toEqual([
      [4, '2'],
      [7, '1'],
    ]);
    for (let id = 1; id <= 150; id++) tally.add('T1', refusal('U1', 'start', id), 0);
    tally.add('T1', refusal('U1', 'start', 150), 0);
    const totals = tally.take();
    expect(totals).toHaveLength(101);
    expect(totals.filter((t) => t.entry.experimentId !== undefined)).toHaveLength(100);
    const shared = totals.find((t) => t.entry.experimentId === undefined);
    expect(shared?.entry.detail).toMatch(/^51 refused/);
  });

  it('stays within what the audit schema reads back, however long the ids', () => {
    const tally = createBusyTally();
    for (let i = 0; i < 9; i++)
      tally.add('T1', refusal(`U${String(i).repeat(63)}`, `action-${i}-${'x'.repeat(20)}`), 0);
    const [summary] = tally.take();
    expect(AuditEntry.safeParse(summary?.entry).success).toBe(true);
    expect(summary?.entry.detail).toContain('9 refused');
  });
});
