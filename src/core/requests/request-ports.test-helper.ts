// Test-only: the request use-cases' ports over a real memory store, with small hand-written fakes
// for what Slack and the platform would answer, each recording what it was given.
import { createMemoryLogger } from '../../observability/logger.js';
import { backendFixture } from '../../store/backends.test-helper.js';
import { storedValues } from '../../store/conditional-update.js';
import type { Store } from '../../store/store-types.js';
import type { AuditEntry } from '../audit/audit-entry.js';
import type { Actor } from '../policy/decide.js';
import type { Grant } from '../policy/grant.js';
import { DEFAULT_POLICY, type WorkspacePolicy } from '../policy/policy.js';
import type { ActionRequest, RequestDraft } from './action-request.js';
import type { RequestFacts } from './evaluate.js';
import type { FactsQuery, RequestChange, RequestPorts, RunAllowed, RunResult } from './ports.js';
import { aMember, HOUR, T0 } from './request-fixtures.test-helper.js';
import { createRequestStore, type RequestStore } from './request-store.js';
import { runDueRequests } from './run-due.js';
import { submitRequest } from './submit-request.js';

export const APPROVAL_TTL_MS = 24 * HOUR;

/** What Slack and the app's own store would say now: changed by a test between asking and running. */
export interface World {
  policy: WorkspacePolicy;
  served: RequestFacts['served'];
  people: Map<string, Actor>;
  left: Set<string>;
  /** People Slack says are not in the request's channel. */
  notInChannel: Set<string>;
  personalTokens: Set<string>;
  /** The facts cannot be read (Slack or the app's store is down). */
  unreadable: boolean;
  /** What to tell people cannot be read (the store is down): notices say nothing and answer false. */
  untellable: boolean;
  clock: { at: number };
}

/** U1 and U3 members, U2 an admin, U4 a guest; everyone has a personal token; the default policy. */
export function aWorld(): World {
  return {
    policy: DEFAULT_POLICY,
    served: 'same',
    people: new Map([
      ['U1', aMember('U1')],
      ['U2', aMember('U2', { isAdmin: true })],
      ['U3', aMember('U3')],
      ['U4', aMember('U4', { isGuest: true })],
    ]),
    left: new Set(),
    notInChannel: new Set(),
    personalTokens: new Set(['U1', 'U2', 'U3', 'U4']),
    unreadable: false,
    untellable: false,
    clock: { at: T0 },
  };
}

/** A real memory backend; each replica's request store is made over it with `requestsOn`. */
export const memoryBacking = (): Promise<Store> => backendFixture('memory').open();

/** One replica's request store over `backing`, on the world's clock. */
export const requestsOn = (world: World, backing: Store): RequestStore =>
  createRequestStore({ stored: storedValues(backing, 'requests'), now: () => new Date(world.clock.at) });

/** A request store over a memory backend of its own. */
export const memoryRequests = async (world: World): Promise<RequestStore> =>
  requestsOn(world, await memoryBacking());

export interface Recorded {
  ports: RequestPorts;
  audits: AuditEntry[];
  notices: Array<{ request: ActionRequest; change: RequestChange }>;
  factsAsked: Array<{ query: FactsQuery; phase: string }>;
  logLines: string[];
}

/** The ports over `requests`, answering from `world`, recording what the use-cases hand them. */
export function portsFor(world: World, requests: RequestStore): Recorded {
  const audits: AuditEntry[] = [];
  const notices: Recorded['notices'] = [];
  const factsAsked: Recorded['factsAsked'] = [];
  const logger = createMemoryLogger();
  const ports: RequestPorts = {
    requests,
    async facts(query, phase) {
      factsAsked.push({ query, phase });
      if (world.unreadable) throw new Error('Slack did not answer');
      const inChannel = query.attestedInChannel || !world.notInChannel.has(query.requestedBy);
      return {
        policy: world.policy,
        served: world.served,
        requester: world.people.get(query.requestedBy),
        requesterLeft: world.left.has(query.requestedBy),
        inChannel: inChannel ? 'yes' : 'no',
        personalToken: world.personalTokens.has(query.requestedBy),
        approver: query.approverId === undefined ? undefined : world.people.get(query.approverId),
        now: new Date(world.clock.at),
      };
    },
    async person(_workspace, userId) {
      return world.people.get(userId);
    },
    audit: {
      async record(_scope, entry) {
        audits.push(entry);
      },
    },
    async notify(request, change) {
      if (world.untellable) return false;
      notices.push({ request, change });
      return true;
    },
    logger,
    now: () => new Date(world.clock.at),
    approvalTtlMs: APPROVAL_TTL_MS,
  };
  return { ports, audits, notices, factsAsked, logLines: logger.lines };
}

/** The platform's side: records every request it is handed to run, and answers `result`. */
export function aRunner(result: RunResult = { state: 'done' }) {
  const calls: Array<{ request: ActionRequest; grant: Grant }> = [];
  const run: RunAllowed = async (request, grant) => {
    calls.push({ request, grant });
    return result;
  };
  return { run, calls };
}

/** U1 asks in C1 of T1 to start experiment 4, from a command. */
export const aDraft = (overrides: Partial<RequestDraft> = {}): RequestDraft => ({
  teamId: 'T1',
  requestedBy: 'U1',
  channelId: 'C1',
  surface: 'command',
  what: { action: 'start', experimentId: 4 },
  ...overrides,
});

/**
 * A world (changed by `change`) over a fresh memory store, its recorded ports and a runner, with
 * `stored(draft)` asking for a request that waits (scheduled, or for approval) and a due pass.
 */
export async function aStoredWorld(change: (world: World) => void = () => {}) {
  const world = aWorld();
  change(world);
  const backing = await memoryBacking();
  const requests = requestsOn(world, backing);
  const recorded = portsFor(world, requests);
  const runner = aRunner();
  const stored = async (draft: RequestDraft) => {
    const outcome = await submitRequest(recorded.ports, draft, runner.run, { attestedInChannel: true });
    if (outcome.kind !== 'scheduled' && outcome.kind !== 'awaiting-approval')
      throw new Error(`expected it stored, got ${outcome.kind}`);
    return outcome.request;
  };
  const duePass = () => runDueRequests(recorded.ports, () => runner.run);
  return { world, backing, requests, runner, stored, duePass, ...recorded };
}
