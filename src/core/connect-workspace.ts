import type { Logger } from '../observability/logger.js';
import type { TokenVault } from './connection-vault.js';
import { platformFailure } from './platform/failures.js';
import type { PlatformApi, PlatformConnection } from './platform/platform-api.js';
import { missingStatedScopes, READ_SCOPE } from './platform/scopes.js';
import type { ReadTokenClaims, TokenClaims } from './platform/token-claims.js';
import { type WorkspaceRef, workspaceKey } from './workspace.js';

export interface ConnectRequest {
  workspace: WorkspaceRef;
  baseUrl: string;
  token: string;
  actorId: string;
  /** The whole check must end inside the caller's window (Slack's 3 s for a view submission). */
  budgetMs: number;
}

export type ConnectOutcome =
  | {
      kind: 'connected';
      baseUrl: string;
      claims: TokenClaims | undefined;
      connectedAt: Date;
      /** Stated scopes the token's claims do not list; undefined when the token states none. */
      lackingScopes: string[] | undefined;
    }
  | { kind: 'token-rejected' }
  /** The dictionary read was refused for a scope: the token lacks `missingScope`. */
  | { kind: 'token-lacks-scope'; missingScope: string }
  | { kind: 'unreachable' }
  | { kind: 'not-a-platform' };

export interface ConnectDeps {
  vault: TokenVault;
  /** A single-attempt client that gives up (a timeout failure) when the budget is spent. */
  probeClient: (connection: PlatformConnection, budgetMs: number) => PlatformApi;
  /** What the token says of itself once the platform accepted it (stored with the connection). */
  readClaims: ReadTokenClaims;
  /** Drops the workspace's cached dictionaries: a new platform or token may see others. */
  dropDictionaries: (scope: string) => Promise<void>;
  /** Lists a channel's or a person's connection for its workspace (so an uninstall finds it). */
  remember?: ((ref: WorkspaceRef) => Promise<void>) | undefined;
  logger: Logger;
  now: () => Date;
}

/**
 * Checks a candidate connection with one dictionary read (the only read the interface shows), then
 * stores it encrypted. Nothing is stored unless the platform accepted the token. Which of the stated
 * scopes (read, manage) the token lacks is reported: read from the refusal, manage from the claims.
 */
export async function connectWorkspace(deps: ConnectDeps, request: ConnectRequest): Promise<ConnectOutcome> {
  const { baseUrl, token, budgetMs } = request;
  try {
    await deps.probeClient({ baseUrl, token }, budgetMs).getDictionary('types');
  } catch (error) {
    deps.logger.info('connect: platform refused the candidate connection', {
      error: error instanceof Error ? error.name : 'unknown',
    });
    switch (platformFailure(error)?.kind) {
      case 'invalid_token':
      case 'missing_auth':
        return { kind: 'token-rejected' };
      case 'insufficient_scope':
        return { kind: 'token-lacks-scope', missingScope: READ_SCOPE };
      case 'connection':
      case 'timeout':
        return { kind: 'unreachable' };
      default:
        return { kind: 'not-a-platform' };
    }
  }
  const claims = deps.readClaims(token);
  const connectedAt = deps.now();
  await deps.vault.put(request.workspace, {
    baseUrl,
    token,
    connectedBy: request.actorId,
    connectedAt: connectedAt.toISOString(),
    expiresAt: claims?.expiresAt?.toISOString(),
    scopes: claims?.scopes,
    tokenName: claims?.name,
    state: 'active',
  });
  await deps.remember?.(request.workspace);
  await deps.dropDictionaries(workspaceKey(request.workspace)).catch((error: unknown) => {
    deps.logger.warn('could not drop the dictionary cache after connect', { error });
  });
  // The manage scope cannot be probed without acting on an experiment: the token's own claims say.
  return {
    kind: 'connected',
    baseUrl,
    claims,
    connectedAt,
    lackingScopes: missingStatedScopes(claims?.scopes),
  };
}
