import type { WorkspaceRef } from './workspace.js';

// The port through which use-cases reach stored platform connections; the store implements it.

export interface StoredConnection {
  baseUrl: string;
  token: string;
  connectedBy: string;
  connectedAt: string;
  expiresAt?: string | undefined;
  scopes?: string[] | undefined;
  state: 'active' | 'invalid';
  invalidReason?: string | undefined;
  tokenName?: string | undefined;
}

export interface TokenVault {
  get(ref: WorkspaceRef): Promise<StoredConnection | undefined>;
  put(ref: WorkspaceRef, connection: StoredConnection): Promise<void>;
  remove(ref: WorkspaceRef): Promise<boolean>;
  /**
   * Marks the stored connection invalid (kept so `/exp token` can say why). With `onlyIfToken`,
   * only while the stored token is still that one: a 403 for an old token must not condemn the
   * token someone connected meanwhile (read-check-write, so it narrows the race, not closes it).
   */
  markInvalid(ref: WorkspaceRef, reason: string, onlyIfToken?: string): Promise<void>;
}
