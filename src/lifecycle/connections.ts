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

/** What `/exp token` shows of a connection: where, until when, with which scopes; never the token. */
export interface ConnectionDescription {
  origin: 'stored' | 'default';
  baseUrl: string;
  expiresAt: Date | undefined;
  scopes: string[] | undefined;
  state: 'active' | 'invalid';
  /** Absent for the connection set by the server's configuration rather than by an admin. */
  connectedBy?: string | undefined;
  connectedAt?: Date | undefined;
}

export interface ConnectionResolver {
  lookup(ref: WorkspaceRef): Promise<ConnectionLookup>;
  describe(ref: WorkspaceRef): Promise<ConnectionDescription | undefined>;
  /** Removes the workspace's stored connection; false when it had none. */
  disconnect(ref: WorkspaceRef): Promise<boolean>;
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
  const defaultClaims = defaultConnection?.token ? readJwtClaims(defaultConnection.token) : undefined;
  const defaultExpiresAt = defaultClaims?.expiresAt;
  return {
    async describe(ref) {
      const stored = await vault.get({ teamId: ref.teamId, enterpriseId: ref.enterpriseId });
      if (stored) {
        return {
          origin: 'stored',
          baseUrl: stored.baseUrl,
          expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : undefined,
          scopes: stored.scopes,
          state: stored.state,
          connectedBy: stored.connectedBy,
          connectedAt: new Date(stored.connectedAt),
        };
      }
      if (!defaultConnection) return undefined;
      return {
        origin: 'default',
        baseUrl: defaultConnection.baseUrl,
        expiresAt: defaultExpiresAt,
        scopes: defaultClaims?.scopes,
        state: 'active',
      };
    },
    disconnect: (ref) => vault.remove({ teamId: ref.teamId, enterpriseId: ref.enterpriseId }),
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
