import { describe, expect, it } from 'vitest';
import { experimentsToPoll, statusChange } from './status-diff.js';

const read = (value: string) => ({ value, at: '2026-03-01T10:00:00.000Z' });

describe('statusChange', () => {
  it('is a change when the status read differs from the one known, keyed by scope, id, status and time', () => {
    expect(statusChange('T1', 7, 'running', read('stopped'))).toEqual({
      experimentId: 7,
      status: 'stopped',
      at: '2026-03-01T10:00:00.000Z',
      key: 'poll:T1:7:stopped:2026-03-01T10:00:00.000Z',
    });
  });

  it('is no change for the same status, a first read, or a read that names none', () => {
    expect(statusChange('T1', 7, 'running', read('running'))).toBeUndefined();
    expect(statusChange('T1', 7, undefined, read('running'))).toBeUndefined();
    expect(statusChange('T1', 7, 'running', undefined)).toBeUndefined();
  });
});

describe('experimentsToPoll', () => {
  it('takes each id the subscriptions name once, and none from those naming no id', () => {
    const subscriptions = [
      { selector: { experimentId: 3 } },
      { selector: { type: 'ab' } },
      { selector: { experimentId: 1 } },
      { selector: { experimentId: 3 } },
    ];
    expect(experimentsToPoll(subscriptions)).toEqual([3, 1]);
  });

  it('polls at most a round’s worth per workspace', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ selector: { experimentId: i + 1 } }));
    expect(experimentsToPoll(many)).toHaveLength(200);
  });
});
