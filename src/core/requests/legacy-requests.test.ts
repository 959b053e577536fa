import { describe, expect, it } from 'vitest';
import { ActionRequest } from './action-request.js';
import {
  type LegacyApproval,
  type LegacyScheduled,
  requestOfLegacyApproval,
  requestOfLegacySchedule,
} from './legacy-requests.js';
import { MISSED_AFTER_MS } from './transitions.js';

const schedule: LegacyScheduled = {
  v: 1,
  id: '00000000-0000-4000-8000-000000000001',
  scope: 'E1:T1',
  teamId: 'T1',
  enterpriseId: 'E1',
  action: 'stop',
  experimentId: 7,
  stop: { interruptReason: 'bug', interruptReasonComment: null },
  runAt: '2026-12-01T10:00:00.000Z',
  timeZone: 'Europe/Moscow',
  scheduledBy: 'U1',
  channelId: 'C1',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const approval: LegacyApproval = {
  v: 1,
  id: '00000000-0000-4000-8000-000000000002',
  scope: 'E1:T1',
  action: 'start',
  experimentId: 8,
  requestedBy: 'U1',
  channelId: 'C1',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-21T10:00:00.000Z',
  state: 'pending',
  messageTs: '1.000',
};

describe("an earlier version's waiting requests, as requests", () => {
  it('a plain scheduled action is scheduled, with what it would send and where', () => {
    const request = ActionRequest.parse(requestOfLegacySchedule(schedule, undefined));
    expect(request).toMatchObject({
      id: schedule.id,
      state: 'scheduled',
      teamId: 'T1',
      enterpriseId: 'E1',
      requestedBy: 'U1',
      what: {
        action: 'stop',
        experimentId: 7,
        stop: { interruptReason: 'bug', interruptReasonComment: null },
      },
      runAt: schedule.runAt,
      timeZone: 'Europe/Moscow',
    });
    expect(request.approval).toBeUndefined();
  });

  it('one approved already keeps its approver, valid until its time plus the window', () => {
    const request = requestOfLegacySchedule(
      { ...schedule, approvalId: approval.id, approvedBy: 'U2' },
      undefined,
    );
    expect(request).toMatchObject({ id: schedule.id, state: 'scheduled', approval: { decidedBy: 'U2' } });
    expect(Date.parse(request.approval?.validUntil ?? '')).toBe(Date.parse(schedule.runAt) + MISSED_AFTER_MS);
  });

  it('one still waiting for approval takes its approval’s id and message, so its buttons keep working', () => {
    const request = ActionRequest.parse(
      requestOfLegacySchedule(
        { ...schedule, approvalId: approval.id },
        { ...approval, scheduleId: schedule.id },
      ),
    );
    expect(request).toMatchObject({
      id: approval.id,
      state: 'pending-approval',
      approval: { messageTs: '1.000' },
    });
  });

  it('an approval for now that waits is a request waiting for approval until it expired then; a decided one is nothing', () => {
    const request = ActionRequest.parse(requestOfLegacyApproval(approval));
    expect(request).toMatchObject({
      id: approval.id,
      state: 'pending-approval',
      teamId: 'T1',
      enterpriseId: 'E1',
      what: { action: 'start', experimentId: 8 },
      approval: { validUntil: approval.expiresAt, messageTs: '1.000' },
    });
    expect(requestOfLegacyApproval({ ...approval, state: 'approved' })).toBeUndefined();
    expect(requestOfLegacyApproval({ ...approval, scheduleId: schedule.id })).toBeUndefined();
  });
});
