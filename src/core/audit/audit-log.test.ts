import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../observability/logger.js';
import { createMemoryLog } from '../../store/append-log.js';
import { type AuditStream, createAuditLog, MAX_PENDING_WRITES } from './audit-log.js';

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

  it('counts refusals for want of a slot while too many writes are under way, and writes the totals once caught up', async () => {
    const stored = createMemoryLog();
    // A store that holds every append until released: the trail falls behind on purpose.
    const held: Array<() => void> = [];
    const slow: AuditStream = {
      ...stored,
      append: (stream, data, options) =>
        new Promise((resolve, reject) => {
          held.push(() => stored.append(stream, data, options).then(resolve, reject));
        }),
    };
    const { audit, logger } = trail(slow);
    const busy = (userId: string) =>
      audit.record('T1', {
        userId,
        action: 'start',
        experimentId: 4,
        decision: 'refused',
        rule: 'busy',
        outcome: 'busy',
      });
    const written = Array.from({ length: MAX_PENDING_WRITES }, (_, i) => busy(`U${i}`));
    expect(held).toHaveLength(MAX_PENDING_WRITES);
    // Past the bound: counted at once, nothing more waits on the store.
    await Promise.all(Array.from({ length: 40 }, (_, i) => busy(`V${i % 7}`)));
    expect(held).toHaveLength(MAX_PENDING_WRITES);
    expect(logger.lines.some((line) => line.includes('audit trail behind'))).toBe(true);
    // An entry that is not a refusal for want of a slot is never counted: it waits its turn.
    const done = audit.record('T1', {
      userId: 'W2',
      action: 'stop',
      experimentId: 6,
      decision: 'allowed',
      outcome: 'done',
    });
    expect(held).toHaveLength(MAX_PENDING_WRITES + 1);
    // The store catches up: the writes under way land, then the totals (written by whichever
    // request's write brought the backlog under half the bound, which waits for them).
    let settled = false;
    const all = Promise.all([...written, done]).then(() => {
      settled = true;
    });
    while (!settled) {
      while (held.length > 0) held.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await all;
    const page = await audit.page('T1', { size: 50, userId: 'V0' });
    const summary = page.records.find((r) => r.detail?.includes('counted'));
    expect(summary).toMatchObject({ action: 'start', decision: 'refused', rule: 'busy', outcome: 'busy' });
    expect(summary?.detail).toMatch(
      /^40 refused for want of a slot (?:at \d\d:\d\d:\d\d|between \d\d:\d\d:\d\d and \d\d:\d\d:\d\d) UTC, by V0, V1, V2, V3, V4 and others;/,
    );
  });
});
