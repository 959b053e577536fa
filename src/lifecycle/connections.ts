import { readJwtClaims } from '../console/jwt-claims.js';
import type { ConsoleApi, ConsoleConnection } from '../console/types.js';
import type { Logger } from '../observability/logger.js';
import type { StoredConnection, TokenVault } from './connection-vault.js';
import { type WorkspaceRef, workspaceKey } from './workspace.js';

/** A workspace's usable platform connection, or why there is none. */
export type ConnectionLookup =
  | {
      kind: 'connected';
      api: ConsoleApi;
      baseUrl: string;
      origin: 'stored' | 'default';
      scope: string;
      /** When the token says it expires (stored at connect time); drives the expiry reminders. */
      expiresAt: Date | undefined;
    }
  | { kind: 'not-connected' }
  | { kind: 'invalid'; baseUrl: string; reason: string | undefined };

export interface ConnectionResolver {
  lookup(ref: WorkspaceRef): Promise<ConnectionLookup>;
  /** Called when the platform answers 403: a stored connection is marked so until reconnected. */
  markInvalid(ref: WorkspaceRef, reason: string): Promise<void>;
}

export interface ConnectionResolverOptions {
  vault: TokenVault;
  /**
   * Used for workspaces with no stored connection: the embedded sandbox, or CONSOLE_BASE_URL with
   * CONSOLE_API_TOKEN in single-workspace modes. Absent in OAuth mode, where each workspace connects.
   */
  defaultConnection: ConsoleConnection | undefined;
  makeClient: (connection: ConsoleConnection, scope: string) => ConsoleApi;
  logger: Logger;
}

export function createConnectionResolver(options: ConnectionResolverOptions): ConnectionResolver {
  const { vault, defaultConnection, makeClient, logger } = options;
  const defaultExpiresAt = defaultConnection?.token
    ? readJwtClaims(defaultConnection.token)?.expiresAt
    : undefined;
  return {
    async lookup(ref) {
      const scope = workspaceKey({ teamId: ref.teamId, enterpriseId: ref.enterpriseId });
      const stored: StoredConnection | undefined = await vault.get({
        teamId: ref.teamId,
        enterpriseId: ref.enterpriseId,
      });
      if (stored) {
        // A revoked token cannot be restored and an expired one stays expired: refuse without a call.
        if (stored.state === 'invalid') {
          return { kind: 'invalid', baseUrl: stored.baseUrl, reason: stored.invalidReason };
        }
        const api = makeClient({ baseUrl: stored.baseUrl, token: stored.token }, scope);
        const expiresAt = stored.expiresAt ? new Date(stored.expiresAt) : undefined;
        return { kind: 'connected', api, baseUrl: stored.baseUrl, origin: 'stored', scope, expiresAt };
      }
      if (defaultConnection) {
        return {
          kind: 'connected',
          api: makeClient(defaultConnection, scope),
          baseUrl: defaultConnection.baseUrl,
          origin: 'default',
          scope,
          expiresAt: defaultExpiresAt,
        };
      }
      return { kind: 'not-connected' };
    },
    async markInvalid(ref, reason) {
      const stored = await vault.get({ teamId: ref.teamId, enterpriseId: ref.enterpriseId });
      if (!stored) {
        logger.warn('platform refused the default connection token', { workspace: workspaceKey(ref) });
        return;
      }
      await vault.markInvalid({ teamId: ref.teamId, enterpriseId: ref.enterpriseId }, reason);
      logger.warn('stored platform connection marked invalid', { workspace: workspaceKey(ref), reason });
    },
  };
}
