import type { WorkspaceRef } from './workspace.js';

// The port through which use-cases reach stored platform connections; the store implements it.

export interface StoredConnection {
  baseUrl: string;
  token: string;
  connectedBy: string;
  connectedAt: string;
  expiresAt?: string | undefined;
  scopes?: string[] | undefined;
  /**
   * unreadable: stored, but no configured key opens it (TOKEN_ENCRYPTION_KEY changed without the old
   * one in TOKEN_ENCRYPTION_OLD_KEYS). It must be connected again; nothing acts in its place.
   */
  state: 'active' | 'invalid' | 'unreadable';
  invalidReason?: string | undefined;
  tokenName?: string | undefined;
}

export interface TokenVault {
  get(ref: WorkspaceRef): Promise<StoredConnection | undefined>;
  /** Several at once, in the order asked (one store call): what a lookup by precedence needs. */
  getMany(refs: readonly WorkspaceRef[]): Promise<(StoredConnection | undefined)[]>;
  put(ref: WorkspaceRef, connection: StoredConnection): Promise<void>;
  remove(ref: WorkspaceRef): Promise<boolean>;
  /**
   * Marks the stored connection invalid (kept so `/exp token` can say why). With `onlyIfToken`,
   * only while the stored token is still that one: a 403 for an old token must not condemn the
   * token someone connected meanwhile (read-check-write, so it narrows the race, not closes it).
   */
  markInvalid(ref: WorkspaceRef, reason: string, onlyIfToken?: string): Promise<void>;
  /** Stored connections met that no configured key opens (for /readyz), since start. */
  unreadableCount(): number;
  /**
   * Every stored connection (workspaces', channels', people's) without its token, by workspace key:
   * what the token-health job reads. Needs a store that can list its records.
   */
  entries(): AsyncIterable<{ key: string; connection: Omit<StoredConnection, 'token'> }>;
}

/** What `rotate-keys` did, or (with dryRun) would do. */
export interface RotationReport {
  resealed: number;
  current: number;
  unreadable: number;
  malformed: number;
}
