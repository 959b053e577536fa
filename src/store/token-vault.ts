import type { Keyv } from 'keyv';
import { z } from 'zod';
import type { Logger } from '../observability/logger.js';
import { decryptSecret, encryptSecret, SecretDecryptionError } from './crypto.js';

export interface WorkspaceRef {
  teamId: string;
  enterpriseId?: string | undefined;
  /** Reserved: personal connections keyed by workspace and user. */
  userId?: string | undefined;
}

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

/** A Slack id that would make workspace keys ambiguous (empty, or with ':' or whitespace). */
export class WorkspaceRefError extends Error {
  constructor(
    readonly field: keyof WorkspaceRef,
    readonly value: string,
  ) {
    super(`Invalid workspace reference: ${field} ${JSON.stringify(value)}`);
    this.name = 'WorkspaceRefError';
  }
}

/** The store did not accept the write (a Keyv that reports failure instead of throwing). */
export class VaultWriteError extends Error {
  constructor(readonly workspace: string) {
    super(`Could not store the connection of workspace ${workspace}`);
    this.name = 'VaultWriteError';
  }
}

const idPattern = /^[^\s:]{1,64}$/;

/**
 * "T1", "E1:T1"; with a user always three segments, ":T1:U1" or "E1:T1:U1", so the segment count
 * alone tells the forms apart. Empty ids count as absent. Also the scope of the dictionary cache.
 */
export function workspaceKey(ref: WorkspaceRef): string {
  const team = checkId('teamId', ref.teamId);
  const enterprise = ref.enterpriseId ? checkId('enterpriseId', ref.enterpriseId) : '';
  if (ref.userId) return `${enterprise}:${team}:${checkId('userId', ref.userId)}`;
  return enterprise ? `${enterprise}:${team}` : team;
}

function checkId(field: keyof WorkspaceRef, value: string): string {
  if (!idPattern.test(value)) throw new WorkspaceRefError(field, value);
  return value;
}

// At rest everything is in clear except the token, so `/exp token` and an operator can read the rest.
const StoredRecord = z.object({
  v: z.literal(1),
  baseUrl: z.string().min(1),
  tokenCiphertext: z.string().min(1),
  connectedBy: z.string(),
  connectedAt: z.string(),
  expiresAt: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  state: z.enum(['active', 'invalid']),
  invalidReason: z.string().optional(),
  tokenName: z.string().optional(),
});
type StoredRecord = z.infer<typeof StoredRecord>;

/**
 * Binds the ciphertext to the record key AND the base URL: copied to another workspace it fails,
 * and whoever can write the store cannot point the clear-text baseUrl at their own server to have
 * the bot send them the decrypted token.
 */
const aadFor = (workspace: string, baseUrl: string): string =>
  `exp-chatops/connection/v1\n${workspace}\n${baseUrl}`;

export interface TokenVaultOptions {
  /** e.g. store.keyv('connections') */
  keyv: Keyv;
  /** 32 bytes (TOKEN_ENCRYPTION_KEY). */
  key: Buffer;
  logger?: Logger;
}

export function createTokenVault(opts: TokenVaultOptions): TokenVault {
  const { keyv, key, logger } = opts;
  if (key.length !== 32) throw new RangeError('token vault key must be 32 bytes');

  /** The record if it is well-formed; a bad one is reported and treated as absent. */
  async function read(workspace: string): Promise<StoredRecord | undefined> {
    const raw: unknown = await keyv.get(workspace);
    if (raw === undefined || raw === null) return undefined;
    const parsed = StoredRecord.safeParse(raw);
    if (!parsed.success) {
      // Paths and codes only: issue messages may quote values.
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.code}`);
      logger?.warn('stored connection has an unexpected shape; treating the workspace as not connected', {
        workspace,
        issues,
      });
      return undefined;
    }
    return parsed.data;
  }

  function decrypt(workspace: string, record: StoredRecord): string | undefined {
    try {
      return decryptSecret(record.tokenCiphertext, key, aadFor(workspace, record.baseUrl));
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      logger?.warn(
        'stored connection cannot be decrypted (TOKEN_ENCRYPTION_KEY changed, or the record was altered); ' +
          'treating the workspace as not connected',
        { workspace, reason: error.reason },
      );
      return undefined;
    }
  }

  async function write(workspace: string, record: StoredRecord): Promise<void> {
    if ((await keyv.set(workspace, record)) === false) throw new VaultWriteError(workspace);
  }

  return {
    async get(ref) {
      const workspace = workspaceKey(ref);
      const record = await read(workspace);
      if (!record) return undefined;
      const token = decrypt(workspace, record);
      if (token === undefined) return undefined;
      const { v: _version, tokenCiphertext: _ciphertext, ...clear } = record;
      return { ...clear, token };
    },
    async put(ref, connection) {
      const workspace = workspaceKey(ref);
      const { token, ...clear } = connection;
      const record = StoredRecord.parse({
        ...clear,
        v: 1,
        tokenCiphertext: encryptSecret(token, key, aadFor(workspace, connection.baseUrl)),
      });
      await write(workspace, record);
    },
    async remove(ref) {
      return keyv.delete(workspaceKey(ref));
    },
    async markInvalid(ref, reason, onlyIfToken) {
      const workspace = workspaceKey(ref);
      const record = await read(workspace);
      if (!record) return;
      if (onlyIfToken !== undefined && decrypt(workspace, record) !== onlyIfToken) return;
      await write(workspace, { ...record, state: 'invalid', invalidReason: reason });
    },
  };
}
