import { describe, expect, it } from 'vitest';
import { GrantMismatchError, issueGrant, requireGrant } from './grant.js';
import { DEFAULT_POLICY } from './policy.js';

const grant = issueGrant({
  scope: 'T1',
  action: 'start',
  decidedFor: 'U1',
  actingAs: { userId: 'U1', personalRequired: false },
  rule: DEFAULT_POLICY.actions.start,
});

describe('requireGrant', () => {
  it('accepts a grant for the same workspace and action', () => {
    expect(requireGrant(grant, 'T1', 'start')).toBe(grant);
    expect(requireGrant(grant, 'T1', 'stop', 'start')).toBe(grant);
  });

  it('refuses a grant for another action or workspace', () => {
    expect(() => requireGrant(grant, 'T1', 'archive')).toThrow(GrantMismatchError);
    expect(() => requireGrant(grant, 'T2', 'start')).toThrow(GrantMismatchError);
  });

  it('cannot be changed once issued', () => {
    expect(Object.isFrozen(grant)).toBe(true);
  });
});
