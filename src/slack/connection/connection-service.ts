import type { DictionaryCache } from '../../console/dictionaries/cache.js';
import {
  type ConnectDeps,
  type ConnectOutcome,
  type ConnectRequest,
  connectWorkspace,
} from '../../core/connect-workspace.js';
import type { TokenVault } from '../../core/connection-vault.js';
import type { ConnectionResolver } from '../../core/connections.js';
import type { ExperimentKnowledge } from '../../core/experiments/knowledge.js';
import type { HookStore } from '../../core/hooks/hook-store.js';
import type { PolicyStore } from '../../core/policy/policy-store.js';
import type { SubscriptionStore } from '../../core/subscriptions.js';
import { type WorkspaceRef, workspaceOnly } from '../../core/workspace.js';
import type { Logger } from '../../observability/logger.js';

/**
 * One clean-up step of forgetting a workspace, run by the caller (who logs a failure and goes on):
 * what became of the part, or 'failed'.
 */
type CleanUpStep = (what: string, run: () => Promise<unknown>) => Promise<unknown>;

/** What became of each part of a forgotten workspace's data. */
interface ForgottenWorkspace {
  connectionRemoved: unknown;
  dictionaries: unknown;
  subscriptions: unknown;
  experiments: unknown;
  policy: unknown;
  hooks: unknown;
}

/** A workspace's platform connections: made after the platform accepts the token, forgotten at uninstall. */
export interface ConnectionService {
  /**
   * Checks a candidate connection (a workspace's, a channel's or a person's) against the platform
   * within the request's budget and stores it encrypted once accepted (core/connect-workspace.ts).
   */
  connect(request: ConnectRequest): Promise<ConnectOutcome>;
  /**
   * Deletes everything kept for a workspace but its installation and audit trail (connections,
   * cached dictionaries, subscriptions, experiments known, policy, hook), each part a step of its own.
   */
  forget(ref: WorkspaceRef, step: CleanUpStep): Promise<ForgottenWorkspace>;
}

/** What the connection service is built from: the platform probe and the stores a workspace fills. */
export interface ConnectionServiceDeps {
  vault: TokenVault;
  connections: ConnectionResolver;
  dictionaries: Pick<DictionaryCache, 'drop'>;
  subscriptions: Pick<SubscriptionStore, 'clear'>;
  knowledge: Pick<ExperimentKnowledge, 'records'>;
  policies: Pick<PolicyStore, 'clear'>;
  hooks: Pick<HookStore, 'clear'>;
  /** The dictionary-cache scope of a workspace (its key in the vault). */
  scopeOf: (workspace: WorkspaceRef) => string;
  /** A single-attempt client whose timeouts fit the budget: checks a candidate connection. */
  probeClient: ConnectDeps['probeClient'];
  /** What a platform token says of itself: stored with the connection. */
  readTokenClaims: ConnectDeps['readClaims'];
  logger: Logger;
  now: () => Date;
}

export function createConnectionService(deps: ConnectionServiceDeps): ConnectionService {
  return {
    connect: (request) =>
      connectWorkspace(
        {
          vault: deps.vault,
          probeClient: deps.probeClient,
          readClaims: deps.readTokenClaims,
          // Under the connection's own key: a workspace's or a channel's cache. A person's token reads
          // what the workspace's reads, through the workspace's cache, which their login leaves.
          dropDictionaries: (scope) => deps.dictionaries.drop(scope),
          remember: (ref) => deps.connections.remember(ref),
          logger: deps.logger,
          now: deps.now,
        },
        request,
      ),
    forget: (ref, step) => forgetWorkspace(deps, workspaceOnly(ref), step),
  };
}

async function forgetWorkspace(
  deps: ConnectionServiceDeps,
  ref: WorkspaceRef,
  step: CleanUpStep,
): Promise<ForgottenWorkspace> {
  const scope = deps.scopeOf(ref);
  // The workspace's connection, its channels' and its people's own tokens.
  const connectionRemoved = await step('connection', () => deps.connections.removeAll(ref));
  const dictionaries = await step('dictionaries', async () => {
    await deps.dictionaries.drop(scope);
    return 'dropped';
  });
  const subscriptions = await step('subscriptions', () => deps.subscriptions.clear(scope));
  const experiments = await step('experiments', () => deps.knowledge.records.clear(scope));
  const policy = await step('policy', async () => {
    await deps.policies.clear(scope);
    return 'cleared';
  });
  const hooks = await step('hooks', async () => {
    await deps.hooks.clear(ref);
    return 'cleared';
  });
  return { connectionRemoved, dictionaries, subscriptions, experiments, policy, hooks };
}
