import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../policy/policy.js';
import { maySchedule } from '../policy/schedule-rule.js';
import { createScheduleStore } from './schedule-store.js';
import { dueState, MISSED_AFTER_MS } from './scheduled-action.js';

const claimed = new Set<string>();
const store = () =>
  createScheduleStore({
    keyv: new Keyv(),
    claim: async (key) => !claimed.has(key) && Boolean(claimed.add(key)),
    now: () => new Date('2026-11-25T12:00:00Z'),
  });

const entry = (id: string, runAt: string) => ({
  id,
  scope: 'T1',
  teamId: 'T1',
  action: 'start' as const,
  experimentId: 3,
  runAt,
  timeZone: 'Europe/Moscow',
  scheduledBy: 'U1',
  channelId: 'C1',
});

describe('the schedule store', () => {
  it('lists by due time, records an approval, and forgets', async () => {
    const s = store();
    await s.add(entry('00000000-0000-4000-8000-000000000002', '2026-12-02T10:00:00Z'));
    await s.add(entry('00000000-0000-4000-8000-000000000001', '2026-12-01T10:00:00Z'));
    expect((await s.list('T1')).map((e) => e.runAt)).toEqual([
      '2026-12-01T10:00:00Z',
      '2026-12-02T10:00:00Z',
    ]);
    expect(await s.list('T2')).toEqual([]);
    expect((await s.markApproved('T1', '00000000-0000-4000-8000-000000000001', 'U2'))?.approvedBy).toBe('U2');
    await s.forget('T1', '00000000-0000-4000-8000-000000000001');
    expect((await s.list('T1')).map((e) => e.id)).toEqual(['00000000-0000-4000-8000-000000000002']);
  });

  it('lets one of a run and a cancel claim an action', async () => {
    const s = store();
    expect(await s.claim('T1', 'a')).toBe(true);
    expect(await s.claim('T1', 'a')).toBe(false);
  });
});

describe('a due action', () => {
  it('runs up to an hour late and is missed after', () => {
    const runAt = '2026-11-25T12:00:00Z';
    expect(dueState({ runAt }, new Date(Date.parse(runAt) + MISSED_AFTER_MS))).toBe('run');
    expect(dueState({ runAt }, new Date(Date.parse(runAt) + MISSED_AFTER_MS + 1))).toBe('missed');
  });
});

describe('the schedule switch', () => {
  const actor = { userId: 'U1', isAdmin: false, isGuest: false, isExternal: false, groupIds: ['S1'] };
  it('defaults to whoever may do the action, and narrows to admins or groups', () => {
    expect(maySchedule(DEFAULT_POLICY, actor)).toBe(true);
    expect(maySchedule({ ...DEFAULT_POLICY, schedule: { kind: 'admins' } }, actor)).toBe(false);
    expect(maySchedule({ ...DEFAULT_POLICY, schedule: { kind: 'groups', groupIds: ['S1'] } }, actor)).toBe(
      true,
    );
    expect(
      maySchedule({ ...DEFAULT_POLICY, schedule: { kind: 'members' } }, { ...actor, isGuest: true }),
    ).toBe(false);
  });
});
