import { describe, expect, it } from 'vitest';
import { type Actor, decide } from './decide.js';
import { DEFAULT_POLICY, POLICY_ACTIONS, type PolicyAction, type WorkspacePolicy } from './policy.js';

const person = (facts: Partial<Actor> = {}): Actor => ({
  userId: 'U1',
  isAdmin: false,
  isGuest: false,
  isExternal: false,
  groupIds: [],
  ...facts,
});
const member = person();
const admin = person({ isAdmin: true });
const guest = person({ isGuest: true });
const otherOrgAdmin = person({ isAdmin: true, isExternal: true });
const owner = person({ groupIds: ['S0OWNERS'] });

const restricted: WorkspacePolicy = {
  ...DEFAULT_POLICY,
  actions: {
    ...DEFAULT_POLICY.actions,
    stop: {
      who: { kind: 'groups', groupIds: ['S0OWNERS'] },
      channels: 'any',
      approval: false,
      personal: false,
    },
    start: { who: { kind: 'members' }, channels: ['C0GROWTH'], approval: false, personal: false },
    archive: { who: { kind: 'nobody' }, channels: 'any', approval: false, personal: false },
  },
};

describe('decide', () => {
  // (who, action, channel) → allowed, under the defaults.
  it.each<[string, Actor, PolicyAction, boolean]>([
    ['a member', member, 'start', true],
    ['a member', member, 'subscribe', true],
    ['a member', member, 'expose', false],
    ['an admin', admin, 'expose', true],
    ['a guest', guest, 'start', false],
    ['a guest', guest, 'subscribe', false],
    ['an admin of another org', otherOrgAdmin, 'start', false],
    ['an admin of another org', otherOrgAdmin, 'expose', false],
  ])('by default, %s may %s: %s', (_who, actor, action, allowed) => {
    expect(decide(DEFAULT_POLICY, actor, action, 'C0GENERAL').allowed).toBe(allowed);
  });

  it('lets guests and other organisations do nothing at all, whatever the rule', () => {
    const open: WorkspacePolicy = {
      ...DEFAULT_POLICY,
      actions: Object.fromEntries(
        POLICY_ACTIONS.map((a) => [
          a,
          { who: { kind: 'members' }, channels: 'any', approval: false, personal: false },
        ]),
      ) as WorkspacePolicy['actions'],
    };
    for (const action of POLICY_ACTIONS) {
      expect(decide(open, guest, action, 'C1')).toMatchObject({ allowed: false, refusal: 'guest' });
      expect(decide(open, otherOrgAdmin, action, 'C1')).toMatchObject({
        allowed: false,
        refusal: 'external',
      });
    }
  });

  // (who, action, channel) → the refusal, under a restricted policy.
  it.each<[string, Actor, PolicyAction, string, string | undefined]>([
    ['a member', member, 'stop', 'C0GENERAL', 'groups'],
    ['a group member', owner, 'stop', 'C0GENERAL', undefined],
    ['an admin', admin, 'stop', 'C0GENERAL', undefined],
    ['a member', member, 'start', 'C0GENERAL', 'channel'],
    ['a member', member, 'start', 'C0GROWTH', undefined],
    ['an admin', admin, 'start', 'C0GENERAL', 'channel'],
    ['an admin', admin, 'archive', 'C0GROWTH', 'nobody'],
  ])('restricted: %s doing %s from %s is refused for %s', (_who, actor, action, channel, refusal) => {
    const decision = decide(restricted, actor, action, channel);
    if (refusal === undefined) expect(decision.allowed).toBe(true);
    else expect(decision).toMatchObject({ allowed: false, refusal });
  });

  it('refuses a channel-bound action when the channel is unknown', () => {
    expect(decide(restricted, member, 'start', undefined)).toMatchObject({
      allowed: false,
      refusal: 'channel',
    });
  });
});
