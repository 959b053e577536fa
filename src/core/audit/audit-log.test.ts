import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../observability/logger.js';
import { createMemoryLog } from '../../store/append-log.js';
import { type AuditStream, createAuditLog } from './audit-log.js';

const DAY = 86_400_000;

function trail(logs: AuditStream = createMemoryLog(), start = Date.UTC(2026, 0, 1)) {
  let now = start;
  const logger = createMemoryLogger('debug');
  const audit = createAuditLog({ logs, retentionMs: 365 * DAY, now: () => new Date(now), logger });
  return { audit, logger, tick: (ms = 1) => (now += ms) };
}

describe('the audit log', () => {
  it('pages newest first and filters by experiment and person', async () => {
    const { audit, tick } = trail();
    for (let i = 1; i <= 7; i++) {
      tick();
      await audit.record('T1', {
        userId: i % 2 ? 'U1' : 'U2',
        action: 'start',
        experimentId: i,
        decision: 'allowed',
      });
    }
    const first = await audit.page('T1', { size: 3 });
    expect(first.records.map((r) => r.experimentId)).toEqual([7, 6, 5]);
    const second = await audit.page('T1', { size: 3, before: first.next });
    expect(second.records.map((r) => r.experimentId)).toEqual([4, 3, 2]);
    const last = await audit.page('T1', { size: 3, before: second.next });
    expect(last.records.map((r) => r.experimentId)).toEqual([1]);
    expect(last.next).toBeUndefined();
    expect((await audit.page('T1', { size: 10, userId: 'U2' })).records.map((r) => r.experimentId)).toEqual([
      6, 4, 2,
    ]);
    expect((await audit.page('T1', { size: 10, experimentId: 3 })).records).toHaveLength(1);
    expect((await audit.page('T2', { size: 10 })).records).toEqual([]);
    expect(audit.retentionDays).toBe(365);
  });

  it('stops a filtered scan after a bounded number of entries and hands back where it stopped', async () => {
    const { audit, tick } = trail();
    for (let i = 0; i < 5_100; i++) {
      tick();
      await audit.record('T1', { userId: 'U1', action: 'start', experimentId: 1, decision: 'allowed' });
    }
    const page = await audit.page('T1', { size: 10, userId: 'U9' });
    expect(page.records).toEqual([]);
    // Not the end: an Older click goes on from there.
    expect(page.next).toBeDefined();
    const rest = await audit.page('T1', { size: 10, userId: 'U9', before: page.next });
    expect(rest.records).toEqual([]);
    expect(rest.next).toBeUndefined();
  });

  it('refuses an entry its schema does not allow, and never throws when the store fails', async () => {
    const broken: AuditStream = {
      append: () => Promise.reject(new Error('ECONNREFUSED')),
      read: () => Promise.resolve([]),
      drop: () => Promise.resolve(),
    };
    const { audit, logger } = trail(broken);
    await expect(
      audit.record('T1', { userId: 'U1', action: 'start', decision: 'allowed' }),
    ).resolves.toBeUndefined();
    await expect(
      audit.record('T1', { userId: 'U1', action: 'x'.repeat(500), decision: 'allowed' }),
    ).resolves.toBeUndefined();
    const text = logger.lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).toContain('could not write the audit trail');
    expect(text).toContain('audit entry refused by its schema');
  });

  it('forgets entries past the retention, and a cleared workspace', async () => {
    const { audit, tick } = trail();
    await audit.record('T1', { userId: 'U1', action: 'start', experimentId: 1, decision: 'allowed' });
    tick(366 * DAY);
    await audit.record('T1', { userId: 'U1', action: 'stop', experimentId: 1, decision: 'allowed' });
    expect((await audit.page('T1', { size: 10 })).records.map((r) => r.action)).toEqual(['stop']);
    await audit.clear('T1');
    expect((await audit.page('T1', { size: 10 })).records).toEqual([]);
  });
});
