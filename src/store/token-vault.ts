import type { Keyv } from 'keyv';
import { z } from 'zod';
import type { TokenVault } from '../lifecycle/connection-vault.js';
import { workspaceKey } from '../lifecycle/workspace.js';
import type { Logger } from '../observability/logger.js';
import { decryptSecret, encryptSecret, SecretDecryptionError } from './crypto.js';

/** The store did not accept the write (a Keyv that reports failure instead of throwing). */
export class VaultWriteError extends Error {
  constructor(readonly workspace: string) {
    super(`Could not store the connection of workspace ${workspace}`);
    this.name = 'VaultWriteError';
  }
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
