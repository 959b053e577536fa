import type { Keyv } from 'keyv';
import * as z from 'zod';
import type { RotationReport, StoredConnection, TokenVault } from '../core/connection-vault.js';
import { workspaceKey } from '../core/workspace.js';
import type { Logger } from '../observability/logger.js';
import { encryptSecret, type KeyRing, openSecret, ringOf, SecretDecryptionError } from './crypto.js';

/** The store did not accept the write (a Keyv that reports failure instead of throwing). */
class VaultWriteError extends Error {
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
  /** 32 bytes (TOKEN_ENCRYPTION_KEY), or with the old keys that still open (TOKEN_ENCRYPTION_OLD_KEYS). */
  key: Buffer | KeyRing;
  logger?: Logger;
}

export interface RotatingTokenVault extends TokenVault {
  /** Re-seals every record opened by an old key with the current one; counts what it found. */
  rotate(options?: { dryRun?: boolean }): Promise<RotationReport>;
}

export function createTokenVault(opts: TokenVaultOptions): RotatingTokenVault {
  const { keyv, logger } = opts;
  const key = ringOf(opts.key);
  for (const k of [key.current, ...key.old])
    if (k.length !== 32) throw new RangeError('token vault key must be 32 bytes');
  const unreadable = new Set<string>();

  const read = async (workspace: string) => checkRecord(logger, workspace, await keyv.get(workspace));
  const decrypt = (workspace: string, record: StoredRecord) =>
    decryptRecord({ key, unreadable, logger }, workspace, record);

  const open = (workspace: string, raw: unknown) =>
    openRecord(checkRecord(logger, workspace, raw), (record) => decrypt(workspace, record));
  const reads = sharedReads(
    async (workspace) => open(workspace, await keyv.get(workspace)),
    // One store call for several keys (one MGET on Redis): a lookup asks for a channel's, its
    // workspace's and a person's connection at once instead of one after another.
    async (workspaces) => {
      const raws: unknown[] = await keyv.getMany(workspaces);
      return workspaces.map((workspace, i) => open(workspace, raws[i]));
    },
  );
  async function write(workspace: string, record: StoredRecord): Promise<void> {
    reads.forget(workspace);
    try {
      if ((await keyv.set(workspace, record)) === false) throw new VaultWriteError(workspace);
    } finally {
      reads.forget(workspace);
    }
  }

  return {
    get: async (ref) => copyOf(await reads.get(workspaceKey(ref))),
    getMany: async (refs) => (await reads.getMany(refs.map(workspaceKey))).map(copyOf),
    async put(ref, connection) {
      const workspace = workspaceKey(ref);
      unreadable.delete(workspace);
      const { token, ...clear } = connection;
      const record = StoredRecord.parse({
        ...clear,
        v: 1,
        tokenCiphertext: encryptSecret(token, key, aadFor(workspace, connection.baseUrl)),
      });
      await write(workspace, record);
    },
    async remove(ref) {
      const workspace = workspaceKey(ref);
      reads.forget(workspace);
      try {
        return await keyv.delete(workspace);
      } finally {
        reads.forget(workspace);
      }
    },
    async markInvalid(ref, reason, onlyIfToken) {
      const workspace = workspaceKey(ref);
      const record = await read(workspace);
      if (!record) return;
      if (onlyIfToken !== undefined && decrypt(workspace, record)?.token !== onlyIfToken) return;
      await write(workspace, { ...record, state: 'invalid', invalidReason: reason });
    },
    unreadableCount: () => unreadable.size,
    async *entries() {
      if (!keyv.iterator) return;
      for await (const [workspace] of keyv.iterator(keyv.namespace)) {
        if (typeof workspace !== 'string') continue;
        const record = await read(workspace);
        if (!record) continue;
        const { v: _version, tokenCiphertext: _ciphertext, ...clear } = record;
        yield { key: workspace, connection: clear };
      }
    },
    async rotate(options = {}) {
      const report: RotationReport = { resealed: 0, current: 0, unreadable: 0, malformed: 0 };
      if (!keyv.iterator) throw new Error('this store cannot list its records, so keys cannot be rotated');
      for await (const [workspace] of keyv.iterator(keyv.namespace)) {
        if (typeof workspace !== 'string') continue;
        const record = await read(workspace);
        if (!record) {
          report.malformed += 1;
          continue;
        }
        const opened = decrypt(workspace, record);
        if (!opened) report.unreadable += 1;
        else if (!opened.stale) report.current += 1;
        else {
          report.resealed += 1;
          if (!options.dryRun)
            await write(workspace, {
              ...record,
              tokenCiphertext: encryptSecret(opened.token, key, aadFor(workspace, record.baseUrl)),
            });
        }
      }
      return report;
    },
  };
}

/** A stored record as the app uses it: the token opened, or marked unreadable. */
function openRecord(
  record: StoredRecord | undefined,
  decrypt: (record: StoredRecord) => { token: string } | undefined,
): StoredConnection | undefined {
  if (!record) return undefined;
  const opened = decrypt(record);
  const { v: _version, tokenCiphertext: _ciphertext, ...clear } = record;
  // Never absent, never a fallback: the workspace is told to connect again.
  if (opened === undefined)
    return { ...clear, token: '', state: 'unreadable', invalidReason: 'no configured key opens it' };
  return { ...clear, token: opened.token };
}

/** Each caller gets its own copy of a shared read. */
const copyOf = (opened: StoredConnection | undefined) =>
  opened && { ...opened, ...(opened.scopes ? { scopes: [...opened.scopes] } : {}) };

/**
 * Reads of one key made while another is under way share it (a card's labels look the connection
 * up once per dictionary, at the same moment): one store read and one decryption. Only a read
 * already under way is shared, and nothing is kept once it settles, so a write by another replica
 * is seen by every read that starts after it; a write through this vault makes the reads that start
 * after it (and during it) read again.
 */
function sharedReads<T>(read: (key: string) => Promise<T>, readMany: (keys: string[]) => Promise<T[]>) {
  const flights = new Map<string, Promise<T>>();
  const share = (key: string, reading: Promise<T>): Promise<T> => {
    const shared = reading.finally(() => {
      if (flights.get(key) === shared) flights.delete(key);
    });
    flights.set(key, shared);
    return shared;
  };
  return {
    get: (key: string): Promise<T> => flights.get(key) ?? share(key, read(key)),
    /** Keys already being read join those reads; the rest are read together in one call. */
    getMany(keys: readonly string[]): Promise<T[]> {
      const missing = [...new Set(keys)].filter((key) => !flights.has(key));
      if (missing.length > 0) {
        const batch = readMany(missing);
        missing.forEach(
          (key, i) =>
            void share(
              key,
              batch.then((values) => values[i] as T),
            ),
        );
      }
      return Promise.all(keys.map((key) => flights.get(key) as Promise<T>));
    },
    forget: (key: string) => void flights.delete(key),
  };
}

/** The record if it is well-formed; a bad one is reported and treated as absent. */
function checkRecord(logger: Logger | undefined, workspace: string, raw: unknown): StoredRecord | undefined {
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

/** The token, or undefined (reported once per workspace) when no configured key opens it. */
function decryptRecord(
  opener: { key: KeyRing; unreadable: Set<string>; logger: Logger | undefined },
  workspace: string,
  record: StoredRecord,
): { token: string; stale: boolean } | undefined {
  const { key, unreadable, logger } = opener;
  try {
    const opened = openSecret(record.tokenCiphertext, key, aadFor(workspace, record.baseUrl));
    unreadable.delete(workspace);
    return { token: opened.plain, stale: opened.stale };
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
    if (!unreadable.has(workspace))
      logger?.warn(
        'stored connection cannot be decrypted (TOKEN_ENCRYPTION_KEY changed without the old key in ' +
          'TOKEN_ENCRYPTION_OLD_KEYS, or the record was altered); it must be connected again',
        { workspace, reason: error.reason },
      );
    unreadable.add(workspace);
    return undefined;
  }
}
