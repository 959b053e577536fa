import { describe, expect, it } from 'vitest';
import { en } from '../messages/index.js';
import { AlertJob } from './alert-job.js';
import { alertMessage } from './alert-message.js';

const target = { workspace: { teamId: 'T1' }, scope: 'T1', channelId: 'C2', threaded: false };

describe('a queued alert job', () => {
  it('reads back as it was queued', () => {
    const job = {
      ...target,
      event: {
        action: 'stop' as const,
        experimentId: 7,
        actorId: 'U1',
        stop: { reason: 'bug' as const, comment: 'flaky' },
        at: '2026-03-01T10:00:00.000Z',
      },
      originChannelId: 'C1',
      subscribedBy: 'U9',
    };
    expect(AlertJob.parse(JSON.parse(JSON.stringify(job)))).toEqual(job);
  });

  // Queued by the version before a stop's reason travelled as one value: still delivered, with it.
  it('reads a job of the previous shape, its reason and comment as one stop reason', () => {
    const previous = {
      ...target,
      event: {
        action: 'stop',
        experimentId: 7,
        actorId: 'U1',
        reason: 'critical_metric_impact',
        comment: 'Revenue dropped',
        at: '2026-03-01T10:00:00.000Z',
      },
      originChannelId: 'C1',
    };
    const job = AlertJob.parse(previous);
    expect(job.notice).toBeUndefined();
    if (job.notice !== undefined) return;
    expect(job.event).toEqual({
      action: 'stop',
      experimentId: 7,
      actorId: 'U1',
      stop: { reason: 'critical_metric_impact', comment: 'Revenue dropped' },
      at: '2026-03-01T10:00:00.000Z',
    });
    const text = alertMessage({ event: job.event, originChannelId: job.originChannelId, messages: en }).text;
    expect(text).toContain('Critical metric impact');
    expect(text).toContain('Revenue dropped');
  });

  it('reads inbound events, creates, edits, status changes and notices', () => {
    const events = [
      { action: 'start', experimentId: 1, outside: { actor: 'ci' }, at: '2026-03-01T10:00:00.000Z' },
      { action: 'status', experimentId: 1, status: 'running', outside: {} },
      { action: 'create', name: 'Checkout', actorId: 'U1' },
      { action: 'edit', experimentId: 2, fields: ['name'], actorId: 'U1' },
    ];
    for (const event of events) expect(AlertJob.parse({ ...target, event })).toMatchObject({ event });
    const notice = {
      workspace: { teamId: 'T1' },
      scope: 'T1',
      channelId: 'C2',
      notice: { text: 'x', blocks: [] },
    };
    expect(AlertJob.parse(notice)).toEqual(notice);
  });

  it('refuses an event that names no actor, or a lifecycle action without an experiment', () => {
    expect(AlertJob.safeParse({ ...target, event: { action: 'stop', experimentId: 1 } }).success).toBe(false);
    expect(AlertJob.safeParse({ ...target, event: { action: 'stop', actorId: 'U1' } }).success).toBe(false);
  });
});
