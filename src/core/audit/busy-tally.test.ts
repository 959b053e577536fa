import { describe, expect, it } from 'vitest';
import { AuditEntry } from './audit-log.js';
import { createBusyTally } from './busy-tally.js';

const refusal = (userId: string, action = 'start'): AuditEntry => ({
  userId,
  action,
  experimentId: 4,
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
    expect(tally.size).toBe(0);
    expect(tally.take()).toEqual([]);
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
