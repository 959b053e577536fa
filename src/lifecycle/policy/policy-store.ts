import type { Keyv } from 'keyv';
import type { Logger } from '../../observability/logger.js';
import { DEFAULT_POLICY, policyFromStored, policyToStored, type WorkspacePolicy } from './policy.js';

/** Each workspace's policy; a workspace that never changed it has the defaults. */
export interface PolicyStore {
  get(scope: string): Promise<WorkspacePolicy>;
  /** Applies a change and stores the result, naming who changed it. */
  update(
    scope: string,
    change: (policy: WorkspacePolicy) => WorkspacePolicy,
    by: string,
  ): Promise<WorkspacePolicy>;
  /** Forgets the workspace's policy (app uninstalled). */
  clear(scope: string): Promise<void>;
}

export class PolicyWriteError extends Error {
  constructor(readonly scope: string) {
    super(`Could not store the policy of workspace ${scope}`);
    this.name = 'PolicyWriteError';
  }
}

/**
 * One record per workspace. A stored policy of an unexpected shape is not trusted piecemeal: the
 * defaults apply (and the problem is logged), which are the safest rules the app ships with.
 */
export function createPolicyStore(
  keyv: Keyv,
  options: { logger?: Logger; now?: () => Date } = {},
): PolicyStore {
  const now = options.now ?? (() => new Date());
  const key = (scope: string) => `policy:${scope}`;
  const get = async (scope: string): Promise<WorkspacePolicy> => {
    const raw: unknown = await keyv.get(key(scope));
    if (raw === undefined || raw === null) return DEFAULT_POLICY;
    const policy = policyFromStored(raw);
    if (!policy) {
      options.logger?.warn('stored policy has an unexpected shape; using the defaults', { scope });
      return DEFAULT_POLICY;
    }
    return policy;
  };
  return {
    get,
    async update(scope, change, by) {
      const next = { ...change(await get(scope)), updatedBy: by, updatedAt: now().toISOString() };
      if ((await keyv.set(key(scope), policyToStored(next))) === false) throw new PolicyWriteError(scope);
      return next;
    },
    async clear(scope) {
      await keyv.delete(key(scope));
    },
  };
}
