import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// AES-256-GCM. Blob: `v2:<key id>:<iv b64>:<tag b64>:<ciphertext b64>`, the key id naming the key it
// was sealed with (so rotation knows what to re-seal and decryption which key to use); blobs of the
// earlier `v1:<iv>:<tag>:<ciphertext>` form are still read, trying each configured key. The AAD is not
// stored: the caller supplies it again on decrypt, typically the record's key, so a ciphertext copied
// under another key fails authentication.
const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export type DecryptionFailure = 'format' | 'version' | 'authentication' | 'unknown-key';

/** TOKEN_ENCRYPTION_KEY seals; TOKEN_ENCRYPTION_OLD_KEYS still open what they sealed, until rotated. */
export interface KeyRing {
  current: Buffer;
  old: readonly Buffer[];
}

/** Names a key without revealing it: the first 8 hex digits of its SHA-256. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function ringOf(key: Buffer | KeyRing): KeyRing {
  return Buffer.isBuffer(key) ? { current: key, old: [] } : key;
}

export interface OpenedSecret {
  plain: string;
  /** Sealed with an old key, or in the legacy format: `rotate-keys` re-seals it. */
  stale: boolean;
}

/** The blob is malformed, of an unknown version, or fails authentication (tampered, wrong key or aad). */
export class SecretDecryptionError extends Error {
  constructor(readonly reason: DecryptionFailure) {
    super(`Cannot decrypt secret: ${reason}`);
    this.name = 'SecretDecryptionError';
  }
}

export function generateKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

export function encryptSecret(plain: string, keys: Buffer | KeyRing, aad: string): string {
  const key = ringOf(keys).current;
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    keyId(key),
    iv.toString('base64'),
    tag.toString('base64'),
    ciphertext.toString('base64'),
  ].join(':');
}

export function decryptSecret(blob: string, keys: Buffer | KeyRing, aad: string): string {
  return openSecret(blob, keys, aad).plain;
}

/** Decrypts with whichever configured key sealed the blob, and says whether it should be re-sealed. */
export function openSecret(blob: string, keys: Buffer | KeyRing, aad: string): OpenedSecret {
  const ring = ringOf(keys);
  checkKey(ring.current);
  for (const key of ring.old) checkKey(key);
  const parts = blob.split(':');
  if (parts[0] === VERSION) {
    if (parts.length !== 5) throw new SecretDecryptionError('format');
    const [, id, iv, tag, ciphertext] = parts as [string, string, string, string, string];
    const key = [ring.current, ...ring.old].find((k) => keyId(k) === id);
    if (!key) throw new SecretDecryptionError('unknown-key');
    return { plain: openWith(key, iv, tag, ciphertext, aad), stale: key !== ring.current };
  }
  if (parts[0] === LEGACY_VERSION) {
    if (parts.length !== 4) throw new SecretDecryptionError('format');
    const [, iv, tag, ciphertext] = parts as [string, string, string, string];
    let failure: SecretDecryptionError | undefined;
    for (const key of [ring.current, ...ring.old]) {
      try {
        return { plain: openWith(key, iv, tag, ciphertext, aad), stale: true };
      } catch (error) {
        if (!(error instanceof SecretDecryptionError)) throw error;
        failure = error;
      }
    }
    throw failure ?? new SecretDecryptionError('authentication');
  }
  throw new SecretDecryptionError(/^v\d+$/.test(parts[0] ?? '') ? 'version' : 'format');
}

function openWith(key: Buffer, ivText: string, tagText: string, ciphertextText: string, aad: string): string {
  const iv = strictBase64(ivText);
  const tag = strictBase64(tagText);
  const ciphertext = strictBase64(ciphertextText);
  // Node accepts short tags unless told otherwise; a truncated tag is an easier forgery.
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || ciphertext === undefined) {
    throw new SecretDecryptionError('format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptionError('authentication');
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new RangeError(`encryption key must be ${KEY_BYTES} bytes`);
}

// Buffer.from(…, 'base64') skips invalid characters silently; a blob is either exact or rejected.
function strictBase64(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}
