import { describe, expect, it } from 'vitest';
import { applyChange, changesBetween } from '../../core/policy/change.js';
import { DEFAULT_POLICY } from '../../core/policy/policy.js';
import { parsePolicyArgs } from './parse-policy.js';

const words = (text: string) => text.split(' ');

describe('parsePolicyArgs', () => {
  it.each([
    ['set stop admins', { kind: 'who', action: 'stop', who: { kind: 'admins' } }],
    ['set expose nobody', { kind: 'who', action: 'expose', who: { kind: 'nobody' } }],
    [
      'set stop <!subteam^S0OWNERS|@exp-owners> S0LEADS',
      { kind: 'who', action: 'stop', who: { kind: 'groups', groupIds: ['S0OWNERS', 'S0LEADS'] } },
    ],
    [
      'channels start <#C0GROWTH|growth> <#G0PRIV>',
      { kind: 'channels', action: 'start', channels: ['C0GROWTH', 'G0PRIV'] },
    ],
    ['channels start any', { kind: 'channels', action: 'start', channels: 'any' }],
    ['approval archive on', { kind: 'approval', action: 'archive', on: true }],
    ['personal stop off', { kind: 'personal', action: 'stop', on: false }],
    ['stop-reason optional', { kind: 'stop-reason', required: false }],
  ])('%s', (text, change) => {
    expect(parsePolicyArgs(words(text))).toEqual({ ok: true, change, handles: [] });
  });

  it('returns plain @handles for the caller to look up', () => {
    expect(parsePolicyArgs(words('set stop @exp-owners'))).toEqual({
      ok: true,
      change: { kind: 'who', action: 'stop', who: { kind: 'groups', groupIds: [] } },
      handles: ['exp-owners'],
    });
  });

  it.each([
    ['frobnicate', 'unknown-subcommand'],
    ['set', 'missing'],
    ['set launch admins', 'unknown-action'],
    ['set stop everyone', 'bad-who'],
    ['set stop <!channel>', 'bad-who'],
    ['channels stop #growth', 'bad-channel'],
    ['approval stop maybe', 'bad-on-off'],
    ['stop-reason sometimes', 'bad-stop-reason'],
  ])('%s is refused (%s)', (text, kind) => {
    const parsed = parsePolicyArgs(words(text));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem.kind).toBe(kind);
  });
});

describe('applying changes', () => {
  it('changes one rule and reports the differences, and nothing for a no-op', () => {
    const after = applyChange(DEFAULT_POLICY, { kind: 'approval', action: 'stop', on: true });
    expect(after.actions.stop.approval).toBe(true);
    expect(after.actions.start).toBe(DEFAULT_POLICY.actions.start);
    expect(changesBetween(DEFAULT_POLICY, after)).toEqual([{ kind: 'approval', action: 'stop', on: true }]);
    expect(applyChange(DEFAULT_POLICY, { kind: 'who', action: 'start', who: { kind: 'members' } })).toBe(
      DEFAULT_POLICY,
    );
    expect(applyChange(DEFAULT_POLICY, { kind: 'stop-reason', required: true })).toBe(DEFAULT_POLICY);
  });
});
