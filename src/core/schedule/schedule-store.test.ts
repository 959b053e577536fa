import { afterAll, describe, expect, it } from 'vitest';
import { backendFixture, uniqueName } from '../../store/backends.test-helper.js';
import { storedValues } from '../../store/conditional-update.js';
import type { Store } from '../../store/store-types.js';
import { DEFAULT_POLICY } from '../policy/policy.js';
import { maySchedule } from '../policy/schedule-rule.js';
import { createScheduleStore } from './schedule-store.js';
import { dueState, MISSED_AFTER_MS } from './scheduled-action.js';

const claimed = new Set<string>();
const onStore = (backing: Store, namespace = 'schedules') =>
  createScheduleStore({
    stored: storedValues(backing, namespace),
    claim: async (key) => !claimed.has(key) && Boolean(claimed.add(key)),
    now: () => new Date('2026-11-25T12:00:00Z'),
  });
const store = async () => onStore(await backendFixture('memory').open());

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
    const s = await store();
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
    const s = await store();
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

describe.each(['sqlite', 'redis'] as const)('scheduled actions on %s', (kind) => {
  const fixture = backendFixture(kind);
  const namespace = uniqueName('schedules');
  afterAll(() => fixture.dispose(namespace));

  it('lists every action two replicas schedule at the same moment', async () => {
    const first = await fixture.open();
    const second = kind === 'redis' ? await fixture.open() : first;
    const replicas = [onStore(first, namespace), onStore(second, namespace)];
    const ids = Array.from(
      { length: 30 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await Promise.all(
      ids.map((id, i) =>
        replicas[i % 2]?.add(entry(id, `2026-12-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`)),
      ),
    );
    const listed = (await replicas[0]?.list('T1'))?.map((e) => e.id).sort();
    expect(listed).toEqual(ids);
  });
});
