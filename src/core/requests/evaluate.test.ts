import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../policy/decide.js';
import { DEFAULT_POLICY, type Who, type WorkspacePolicy } from '../policy/policy.js';
import {
  type EvaluationPhase,
  evaluateRequest,
  mayApprove,
  type RequestFacts,
  type RequestRefusal,
  type Verdict,
} from './evaluate.js';
import { aMember, aRequest, HOUR, iso, policyWith, T0 } from './request-fixtures.test-helper.js';

const NOW = new Date(T0);

/** A scheduled stop by U1 in C1, with a reason, that nothing refuses under the default policy. */
const stopRequest = (overrides: Partial<ReturnType<typeof aRequest>> = {}) =>
  aRequest({
    what: { action: 'stop', experimentId: 4, stop: { interruptReason: 'bug', interruptReasonComment: null } },
    runAt: iso(T0 + HOUR),
    ...overrides,
  });

const goodFacts = (overrides: Partial<RequestFacts> = {}): RequestFacts => ({
  policy: DEFAULT_POLICY,
  served: 'same',
  requester: aMember('U1'),
  requesterLeft: false,
  inChannel: 'yes',
  personalToken: true,
  now: NOW,
  ...overrides,
});

const refusalOf = (verdict: Verdict) => (verdict.kind === 'refused' ? verdict.refusal : verdict.kind);

/** Every refusal there is: the type checker keeps this list complete. */
const EVERY_REFUSAL: Record<RequestRefusal, true> = {
  workspace: true,
  'workspace-unknown': true,
  'unknown-person': true,
  left: true,
  guest: true,
  external: true,
  nobody: true,
  admins: true,
  groups: true,
  channel: true,
  'not-in-channel': true,
  'channel-hidden': true,
  'channel-unknown': true,
  schedule: true,
  'stop-reason': true,
  'other-comment': true,
  'personal-token': true,
  'personal-token-unknown': true,
  'approval-required': true,
  approver: true,
  'approval-lapsed': true,
};

interface Case {
  request: ReturnType<typeof stopRequest>;
  facts: RequestFacts;
  phase: EvaluationPhase;
}

/**
 * Starting with everything wrong at once, each step mends the one thing the evaluation reported:
 * the refusals come one by one in the documented order, every one of them is reached, and the
 * request is allowed once nothing is left to mend.
 */
const LADDER: Array<[RequestRefusal, (c: Case) => Case]> = (() => {
  const set = (c: Case, facts: Partial<RequestFacts>): Case => ({ ...c, facts: { ...c.facts, ...facts } });
  const rule = (c: Case, patch: Partial<WorkspacePolicy['actions']['stop']>, rest = {}): Case =>
    set(c, {
      policy: {
        ...c.facts.policy,
        ...rest,
        actions: { ...c.facts.policy.actions, stop: { ...c.facts.policy.actions.stop, ...patch } },
      },
    });
  const requester = (c: Case, patch: Partial<Actor>): Case =>
    set(c, { requester: { ...(c.facts.requester ?? aMember('U1')), ...patch } });
  return [
    ['workspace-unknown', (c) => set(c, { served: 'other' })],
    ['workspace', (c) => set(c, { served: 'same' })],
    ['left', (c) => set(c, { requesterLeft: false })],
    ['unknown-person', (c) => set(c, { requester: aMember('U1', { isGuest: true, isExternal: true }) })],
    ['external', (c) => requester(c, { isExternal: false })],
    ['guest', (c) => requester(c, { isGuest: false })],
    ['nobody', (c) => rule(c, { who: { kind: 'admins' } })],
    ['admins', (c) => rule(c, { who: { kind: 'groups', groupIds: ['SOPS'] } })],
    ['groups', (c) => requester(c, { groupIds: ['SOPS'] })],
    ['channel', (c) => rule(c, { channels: ['C1'] })],
    ['channel-unknown', (c) => set(c, { inChannel: 'hidden' })],
    ['channel-hidden', (c) => set(c, { inChannel: 'no' })],
    ['not-in-channel', (c) => set(c, { inChannel: 'yes' })],
    [
      'schedule',
      (c) => set(c, { policy: { ...c.facts.policy, schedule: { kind: 'groups', groupIds: ['SOPS'] } } }),
    ],
    [
      'stop-reason',
      (c) => ({
        ...c,
        request: {
          ...c.request,
          what: { ...c.request.what, stop: { interruptReason: 'other', interruptReasonComment: ' ' } },
        },
      }),
    ],
    [
      'other-comment',
      (c) => ({
        ...c,
        request: {
          ...c.request,
          what: { ...c.request.what, stop: { interruptReason: 'other', interruptReasonComment: 'flaky' } },
        },
      }),
    ],
    ['personal-token-unknown', (c) => set(c, { personalToken: false })],
    ['personal-token', (c) => set(c, { personalToken: true })],
    [
      'approval-required',
      (c) => ({
        ...c,
        request: { ...c.request, approval: { validUntil: iso(T0 - 1), decidedBy: 'U2' } },
        facts: { ...c.facts, approver: aMember('U2') },
      }),
    ],
    [
      'approval-lapsed',
      (c) => ({
        ...c,
        request: { ...c.request, approval: { validUntil: iso(T0 + 2 * HOUR), decidedBy: 'U2' } },
      }),
    ],
    ['approver', (c) => set(c, { approver: aMember('U2', { isAdmin: true }) })],
  ];
})();

const WORST: Case = {
  phase: 'run',
  request: stopRequest({
    what: { action: 'stop', experimentId: 4, stop: { interruptReason: null, interruptReasonComment: null } },
  }),
  facts: goodFacts({
    served: 'unknown',
    requesterLeft: true,
    requester: undefined,
    inChannel: 'unknown',
    personalToken: 'unknown',
    policy: policyWith(
      'stop',
      {
        who: { kind: 'nobody' },
        channels: ['C9'],
        personal: true,
        approval: true,
        approvers: { kind: 'admins' },
      },
      { schedule: { kind: 'nobody' }, stopReasonRequired: true, otherCommentRequired: true },
    ),
  }),
};

describe('the order of the refusals', () => {
  it('reports one rule at a time, in order, through every refusal there is, then allows', () => {
    let current = WORST;
    const heard: Array<RequestRefusal | Verdict['kind']> = [];
    for (const [expected, mend] of LADDER) {
      const verdict = evaluateRequest(current.request, current.facts, current.phase);
      heard.push(refusalOf(verdict));
      expect(refusalOf(verdict)).toBe(expected);
      current = mend(current);
    }
    const last = evaluateRequest(current.request, current.facts, current.phase);
    expect(last.kind).toBe('allowed');
    expect(new Set(heard)).toEqual(new Set(Object.keys(EVERY_REFUSAL)));
  });
});

describe('each rule alone refuses a request otherwise allowed', () => {
  const base = { request: stopRequest(), facts: goodFacts(), phase: 'ask' as EvaluationPhase };
  const cases: Array<[string, Partial<Case> & { facts?: RequestFacts }, RequestRefusal]> = [
    ['another workspace', { facts: goodFacts({ served: 'other' }) }, 'workspace'],
    ['a workspace nobody can tell', { facts: goodFacts({ served: 'unknown' }) }, 'workspace-unknown'],
    ['a requester Slack cannot tell', { facts: goodFacts({ requester: undefined }) }, 'unknown-person'],
    ['a requester who left', { facts: goodFacts({ requesterLeft: true }) }, 'left'],
    ['a guest', { facts: goodFacts({ requester: aMember('U1', { isGuest: true }) }) }, 'guest'],
    [
      'someone from another org',
      { facts: goodFacts({ requester: aMember('U1', { isExternal: true }) }) },
      'external',
    ],
    [
      'an action switched off',
      { facts: goodFacts({ policy: policyWith('stop', { who: { kind: 'nobody' } }) }) },
      'nobody',
    ],
    [
      'an admins-only action',
      { facts: goodFacts({ policy: policyWith('stop', { who: { kind: 'admins' } }) }) },
      'admins',
    ],
    [
      "a group's action",
      { facts: goodFacts({ policy: policyWith('stop', { who: { kind: 'groups', groupIds: ['SOPS'] } }) }) },
      'groups',
    ],
    [
      'another channel',
      { facts: goodFacts({ policy: policyWith('stop', { channels: ['C9'] }) }) },
      'channel',
    ],
    ['not in the channel', { facts: goodFacts({ inChannel: 'no' }) }, 'not-in-channel'],
    ['channel membership unknown', { facts: goodFacts({ inChannel: 'unknown' }) }, 'channel-unknown'],
    ['a channel the app cannot see into', { facts: goodFacts({ inChannel: 'hidden' }) }, 'channel-hidden'],
    [
      'scheduling kept to admins',
      { facts: goodFacts({ policy: { ...DEFAULT_POLICY, schedule: { kind: 'admins' } } }) },
      'schedule',
    ],
    [
      'no stop reason where one is required',
      {
        request: stopRequest({
          what: {
            action: 'stop',
            experimentId: 4,
            stop: { interruptReason: null, interruptReasonComment: 'x' },
          },
        }),
      },
      'stop-reason',
    ],
    [
      'Other without its required comment',
      {
        request: stopRequest({
          what: {
            action: 'stop',
            experimentId: 4,
            stop: { interruptReason: 'other', interruptReasonComment: null },
          },
        }),
        facts: goodFacts({ policy: { ...DEFAULT_POLICY, otherCommentRequired: true } }),
      },
      'other-comment',
    ],
    [
      'no personal token where one is required',
      { facts: goodFacts({ personalToken: false, policy: policyWith('stop', { personal: true }) }) },
      'personal-token',
    ],
    [
      'a personal token nobody can tell',
      { facts: goodFacts({ personalToken: 'unknown', policy: policyWith('stop', { personal: true }) }) },
      'personal-token-unknown',
    ],
  ];

  it.each(cases)('%s', (_name, patch, refusal) => {
    const c = { ...base, ...patch };
    expect(evaluateRequest(c.request, c.facts, c.phase)).toMatchObject({ kind: 'refused', refusal });
  });

  it('is allowed with none of them', () => {
    expect(evaluateRequest(base.request, base.facts, 'ask').kind).toBe('allowed');
    expect(evaluateRequest(base.request, base.facts, 'run').kind).toBe('allowed');
  });

  it('asks no stop reason of a stop when the workspace does not require one, nor of other actions', () => {
    const noReason = stopRequest({ what: { action: 'stop', experimentId: 4 } });
    expect(evaluateRequest(noReason, goodFacts(), 'ask')).toMatchObject({ refusal: 'stop-reason' });
    const relaxed = goodFacts({ policy: { ...DEFAULT_POLICY, stopReasonRequired: false } });
    expect(evaluateRequest(noReason, relaxed, 'ask').kind).toBe('allowed');
    expect(evaluateRequest(aRequest(), goodFacts(), 'ask').kind).toBe('allowed');
  });

  it('applies the schedule rule to scheduled requests only', () => {
    const facts = goodFacts({ policy: { ...DEFAULT_POLICY, schedule: { kind: 'nobody' } } });
    expect(evaluateRequest(stopRequest(), facts, 'run')).toMatchObject({ refusal: 'schedule' });
    expect(evaluateRequest(stopRequest({ runAt: undefined }), facts, 'run').kind).toBe('allowed');
  });
});

describe('approval, when asked and when run', () => {
  const wanting = (approvers?: Who) =>
    policyWith('start', { approval: true, ...(approvers ? { approvers } : {}) });
  const pending = aRequest({ state: 'pending-approval', approval: { validUntil: iso(T0 + HOUR) } });
  const approvedBy = (by: string, validUntil = T0 + HOUR) =>
    aRequest({
      state: 'running',
      approval: { validUntil: iso(validUntil), decidedBy: by, decidedAt: iso(T0) },
    });

  it('asks for it when the request is asked, naming the approvers', () => {
    const policy = wanting({ kind: 'groups', groupIds: ['SOPS'] });
    const verdict = evaluateRequest(aRequest(), goodFacts({ policy }), 'ask');
    expect(verdict).toMatchObject({
      kind: 'needs-approval',
      approvers: { kind: 'groups', groupIds: ['SOPS'] },
    });
    if (verdict.kind !== 'needs-approval') return;
    expect(verdict.ticket).toMatchObject({
      scope: 'T1',
      action: 'start',
      requestedBy: 'U1',
      rule: policy.actions.start,
    });
  });

  it('refuses a run nobody approved: approval-required', () => {
    expect(evaluateRequest(pending, goodFacts({ policy: wanting() }), 'run')).toMatchObject({
      kind: 'refused',
      refusal: 'approval-required',
    });
  });

  it('honours an approval given before the policy turned approval off', () => {
    const verdict = evaluateRequest(approvedBy('U2'), goodFacts({ approver: aMember('U2') }), 'run');
    expect(verdict.kind).toBe('allowed');
  });

  it('refuses an approver who is no longer among the approvers: approver', () => {
    const policy = wanting({ kind: 'groups', groupIds: ['SOPS'] });
    const stillIn = goodFacts({ policy, approver: aMember('U2', { groupIds: ['SOPS'] }) });
    expect(evaluateRequest(approvedBy('U2'), stillIn, 'run').kind).toBe('allowed');
    const leftGroup = goodFacts({ policy, approver: aMember('U2') });
    expect(evaluateRequest(approvedBy('U2'), leftGroup, 'run')).toMatchObject({ refusal: 'approver' });
    const unknown = goodFacts({ policy, approver: undefined });
    expect(evaluateRequest(approvedBy('U2'), unknown, 'run')).toMatchObject({ refusal: 'approver' });
  });

  it('refuses an approval past its validity: approval-lapsed', () => {
    const facts = goodFacts({ policy: wanting(), approver: aMember('U2') });
    expect(evaluateRequest(approvedBy('U2', T0), facts, 'run').kind).toBe('allowed');
    expect(evaluateRequest(approvedBy('U2', T0 - 1), facts, 'run')).toMatchObject({
      refusal: 'approval-lapsed',
    });
  });

  it('issues the grant for the requester acting, decided for the approver, with the request id', () => {
    const request = approvedBy('U2');
    const policy = policyWith('start', { approval: true, personal: true });
    const verdict = evaluateRequest(request, goodFacts({ policy, approver: aMember('U2') }), 'run');
    expect(verdict.kind).toBe('allowed');
    if (verdict.kind !== 'allowed') return;
    expect(verdict.grant).toMatchObject({
      scope: 'T1',
      action: 'start',
      decidedFor: 'U2',
      actingAs: { userId: 'U1', personalRequired: true },
      rule: policy.actions.start,
      approval: { requestId: request.id, requestedBy: 'U1' },
    });
  });

  it('issues the grant decided for the requester, with no approval, when none was wanted', () => {
    const verdict = evaluateRequest(aRequest(), goodFacts(), 'ask');
    if (verdict.kind !== 'allowed') throw new Error(`expected allowed, got ${verdict.kind}`);
    expect(verdict.grant.decidedFor).toBe('U1');
    expect(verdict.grant.actingAs).toEqual({ userId: 'U1', personalRequired: false });
    expect(verdict.grant.approval).toBeUndefined();
  });
});

describe('who may approve', () => {
  const request = aRequest({ state: 'pending-approval' });
  const admin = aMember('U2', { isAdmin: true });
  const member = aMember('U3');
  const inGroup = aMember('U4', { groupIds: ['SOPS'] });
  const cases: Array<[string, WorkspacePolicy, Actor, boolean]> = [
    ['members name any member', policyWith('start', { approvers: { kind: 'members' } }), member, true],
    ['admins name an admin', policyWith('start', { approvers: { kind: 'admins' } }), admin, true],
    ['admins do not name a member', policyWith('start', { approvers: { kind: 'admins' } }), member, false],
    [
      'groups name a member of one',
      policyWith('start', { approvers: { kind: 'groups', groupIds: ['SOPS'] } }),
      inGroup,
      true,
    ],
    [
      'groups name an admin',
      policyWith('start', { approvers: { kind: 'groups', groupIds: ['SOPS'] } }),
      admin,
      true,
    ],
    [
      'groups do not name others',
      policyWith('start', { approvers: { kind: 'groups', groupIds: ['SOPS'] } }),
      member,
      false,
    ],
    ['nobody names nobody', policyWith('start', { approvers: { kind: 'nobody' } }), admin, false],
    [
      'approvers unset: whoever may do the action',
      policyWith('start', { who: { kind: 'admins' } }),
      admin,
      true,
    ],
    ['approvers unset: not who may not', policyWith('start', { who: { kind: 'admins' } }), member, false],
    [
      'approvers unset: from the channel the action is allowed in',
      policyWith('start', { channels: ['C9'] }),
      member,
      false,
    ],
    [
      'never a guest',
      policyWith('start', { approvers: { kind: 'members' } }),
      aMember('U5', { isGuest: true }),
      false,
    ],
    [
      'never another org',
      policyWith('start', { approvers: { kind: 'members' } }),
      aMember('U5', { isExternal: true }),
      false,
    ],
  ];
  it.each(cases)('%s', (_name, policy, approver, may) => {
    expect(mayApprove(policy, request, approver)).toBe(may);
  });

  const who = fc.constantFrom<Who>(
    { kind: 'members' },
    { kind: 'admins' },
    { kind: 'nobody' },
    { kind: 'groups', groupIds: ['SOPS'] },
  );
  it('never names the requester, whatever the rule and whoever they are', () => {
    fc.assert(
      fc.property(
        who,
        fc.option(who, { nil: undefined }),
        fc.constantFrom<'any' | string[]>('any', ['C1'], ['C9']),
        fc.boolean(),
        fc.boolean(),
        (ruleWho, approvers, channels, isAdmin, inGroup) => {
          const policy = policyWith('start', { who: ruleWho, approvers, channels, approval: true });
          const requester = aMember(request.requestedBy, { isAdmin, groupIds: inGroup ? ['SOPS'] : [] });
          expect(mayApprove(policy, request, requester)).toBe(false);
          const verdict = evaluateRequest(
            { ...request, approval: { validUntil: iso(T0 + HOUR), decidedBy: request.requestedBy } },
            goodFacts({
              policy: {
                ...policy,
                actions: {
                  ...policy.actions,
                  start: { ...policy.actions.start, who: { kind: 'members' }, channels: 'any' },
                },
              },
              requester,
              approver: requester,
            }),
            'run',
          );
          expect(verdict).toMatchObject({ kind: 'refused', refusal: 'approver' });
        },
      ),
    );
  });
});
