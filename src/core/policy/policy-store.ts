import type { Keyv } from 'keyv';
import type { Logger } from '../../observability/logger.js';
import { DEFAULT_POLICY, policyFromStored, policyToStored, type WorkspacePolicy } from './policy.js';

/** Each workspace's policy; a workspace that never changed it has the defaults. */
export interface PolicyStore {
  get(scope: string): Promise<WorkspacePolicy>;
  /**
   * Applies a change to the policy as stored now and stores the result, naming who changed it. The
   * change may run more than once (another replica wrote first: it is re-run on the newer policy);
   * returning the policy it was given stores nothing.
   */
  update(
    scope: string,
    change: (policy: WorkspacePolicy) => WorkspacePolicy,
    by: string,
  ): Promise<WorkspacePolicy>;
  /** Forgets the workspace's policy (app uninstalled). */
  clear(scope: string): Promise<void>;
}

class PolicyWriteError extends Error {
  constructor(readonly scope: string) {
    super(`Could not store the policy of workspace ${scope}`);
    this.name = 'PolicyWriteError';
  }
}

/** Other writers kept winning the same revision: the change was not stored. */
class PolicyWriteConflictError extends Error {
  constructor(readonly scope: string) {
    super(`The policy of workspace ${scope} kept changing while it was being written`);
    this.name = 'PolicyWriteConflictError';
  }
}

/** true the first time a key is claimed within ttlMs (the store's locks: atomic across replicas). */
export type ClaimOnce = (key: string, ttlMs: number) => Promise<boolean>;

// A write claims "the write after revision N" once; the claim only needs to outlive one
// read-change-write, which takes milliseconds.
const WRITE_CLAIM_MS = 10_000;
const WRITE_ATTEMPTS = 8;
const RETRY_MS = 15;

/**
 * One record per workspace. A stored policy of an unexpected shape is not trusted piecemeal: the
 * defaults apply (and the problem is logged), which are the safest rules the app ships with.
 * keyv has no compare-and-set, so each record carries a revision and a write first claims the
 * revision it read (with `claim`, the store's locks): of two writers that read the same revision
 * one writes, the other re-runs its change on what the first wrote.
 */
export function createPolicyStore(
  keyv: Keyv,
  options: { logger?: Logger; now?: () => Date; claim?: ClaimOnce } = {},
): PolicyStore {
  const now = options.now ?? (() => new Date());
  const claim = options.claim ?? inProcessClaim();
  const key = (scope: string) => `policy:${scope}`;
  const read = async (scope: string): Promise<{ policy: WorkspacePolicy; revision: number }> => {
    const raw: unknown = await keyv.get(key(scope));
    if (raw === undefined || raw === null) return { policy: DEFAULT_POLICY, revision: 0 };
    const revision = revisionOf(raw);
    if ((raw as { cleared?: unknown }).cleared === true) return { policy: DEFAULT_POLICY, revision };
    const policy = policyFromStored(raw);
    if (!policy) {
      options.logger?.warn('stored policy has an unexpected shape; using the defaults', { scope });
      return { policy: DEFAULT_POLICY, revision };
    }
    return { policy, revision };
  };
  return {
    get: async (scope) => (await read(scope)).policy,
    async update(scope, change, by) {
      for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
        const { policy, revision } = await read(scope);
        const changed = change(policy);
        if (changed === policy) return policy;
        if (!(await claim(`policy-write:${scope}:${revision}`, WRITE_CLAIM_MS))) {
          // Jittered, so that writers who lost together do not all come back together.
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt * (0.5 + Math.random())));
          continue;
        }
        const next = { ...changed, updatedBy: by, updatedAt: now().toISOString() };
        const stored = { ...policyToStored(next), revision: revision + 1 };
        if ((await keyv.set(key(scope), stored)) === false) throw new PolicyWriteError(scope);
        return next;
      }
      throw new PolicyWriteConflictError(scope);
    },
    async clear(scope) {
      // Nothing of the policy is kept, only its revision: a write claimed on a revision before the
      // clear must not be claimable again after it.
      const { revision } = await read(scope);
      await keyv.set(key(scope), { cleared: true, revision: revision + 1 });
    },
  };
}

/** Records written before revisions existed count as revision 0. */
function revisionOf(raw: unknown): number {
  const revision = (raw as { revision?: unknown }).revision;
  return typeof revision === 'number' && Number.isSafeInteger(revision) && revision >= 0 ? revision : 0;
}

/** Without the store's locks (one process): claims kept in memory for their time. */
function inProcessClaim(): ClaimOnce {
  const claimed = new Map<string, number>();
  return async (key, ttlMs) => {
    const at = Date.now();
    for (const [k, until] of claimed) if (until <= at) claimed.delete(k);
    if (claimed.has(key)) return false;
    claimed.set(key, at + ttlMs);
    return true;
  };
}
