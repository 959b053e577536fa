import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM. Blob: `v1:<iv b64>:<tag b64>:<ciphertext b64>`; the version lets a later format (or
// algorithm) be read side by side. The AAD is not stored: the caller supplies it again on decrypt,
// typically the record's key, so a ciphertext copied under another key fails authentication.
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export type DecryptionFailure = 'format' | 'version' | 'authentication';

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

export function encryptSecret(plain: string, key: Buffer, aad: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':');
}

export function decryptSecret(blob: string, key: Buffer, aad: string): string {
  checkKey(key);
  const parts = blob.split(':');
  if (parts.length !== 4) throw new SecretDecryptionError('format');
  const [version, ivText, tagText, ciphertextText] = parts as [string, string, string, string];
  if (version !== VERSION) throw new SecretDecryptionError('version');
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
