// Test-only: requests, people and policies as the request tests build them.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../policy/decide.js';
import { type ActionRule, DEFAULT_POLICY, type WorkspacePolicy } from '../policy/policy.js';
import type { ActionRequest } from './action-request.js';

/** The moment the tests start from; every other time is an offset from it. */
export const T0 = Date.parse('2026-12-01T10:00:00.000Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A request in `state`, asked by U1 in C1 of workspace T1 to start experiment 4, created at T0. */
export function aRequest(overrides: Partial<ActionRequest> = {}): ActionRequest {
  const state = overrides.state ?? 'scheduled';
  return {
    v: 1,
    id: randomUUID(),
    scope: 'T1',
    teamId: 'T1',
    requestedBy: 'U1',
    channelId: 'C1',
    surface: 'command',
    what: { action: 'start', experimentId: 4 },
    state,
    createdAt: iso(T0),
    history: [{ state, at: iso(T0), by: 'U1' }],
    ...overrides,
  };
}

/** A full member of the workspace, in no group, no admin. */
export function aMember(userId: string, overrides: Partial<Actor> = {}): Actor {
  return { userId, isAdmin: false, isGuest: false, isExternal: false, groupIds: [], ...overrides };
}

/** The default policy with one action's rule changed (and any workspace-wide switch). */
export function policyWith(
  action: keyof WorkspacePolicy['actions'],
  rule: Partial<ActionRule>,
  rest: Partial<Omit<WorkspacePolicy, 'actions'>> = {},
): WorkspacePolicy {
  return {
    ...DEFAULT_POLICY,
    ...rest,
    actions: { ...DEFAULT_POLICY.actions, [action]: { ...DEFAULT_POLICY.actions[action], ...rule } },
  };
}
