import { describe, expect, it } from 'vitest';
import { aRequest, HOUR, iso, T0 } from '../../core/requests/request-fixtures.test-helper.js';
import { storedRequestOf } from './runners.js';

// A run's intent names the stored request it runs, so the orphan sweep can end that request as the
// intent says. Named by a scope the request is not stored under, the sweep found nothing to end, and
// the due pass later gave the same run up and told its requester a second time.

describe('the stored request a run names', () => {
  it('is a due or approved request, by the scope it is stored under, not one made from its channel', () => {
    const due = aRequest({ scope: 'E1:T1', teamId: 'T1', enterpriseId: 'E1', runAt: iso(T0 + HOUR) });
    expect(storedRequestOf(due)).toEqual({ scope: 'E1:T1', id: due.id });
    const approved = aRequest({
      state: 'running',
      approval: {
        approvers: { kind: 'members' },
        validUntil: iso(T0 + HOUR),
        decidedBy: 'U2',
      } as never,
    });
    expect(storedRequestOf(approved)).toEqual({ scope: 'T1', id: approved.id });
  });

  it('is none for a request run at once, which is not stored', () => {
    expect(storedRequestOf(aRequest({ state: 'running' }))).toBeUndefined();
  });
});
