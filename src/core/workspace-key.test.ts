import { describe, expect, it } from 'vitest';
import { parseWorkspaceKey, workspaceKey } from './workspace.js';

describe('parseWorkspaceKey', () => {
  it.each([
    { teamId: 'T1' },
    { teamId: 'T1', enterpriseId: 'E1' },
    { teamId: 'T1', userId: 'U1' },
    { teamId: 'T1', enterpriseId: 'E1', userId: 'U1' },
    { teamId: 'T1', channelId: 'C1' },
    { teamId: 'T1', enterpriseId: 'E1', channelId: 'C1' },
  ])('round-trips %j', (ref) => {
    expect(parseWorkspaceKey(workspaceKey(ref))).toEqual(ref);
  });

  it.each(['', 'a:b:c:d', 'T 1', ':T1', 'T1::', 'E1:T1:#', `T${'1'.repeat(70)}`])('refuses %j', (key) => {
    expect(parseWorkspaceKey(key)).toBeUndefined();
  });
});
