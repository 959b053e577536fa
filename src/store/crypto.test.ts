import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, generateKey, SecretDecryptionError } from './crypto.js';

const key = generateKey();
const aad = 'E1:T1';
const secret = 'platform-token-Ünïcode-✓';

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof SecretDecryptionError) return error.reason;
    throw error;
  }
  return undefined;
}

/** Flips one bit of the decoded bytes of one part, re-encoding so only authentication can notice. */
function flip(blob: string, part: 1 | 2 | 3): string {
  const parts = blob.split(':');
  const bytes = Buffer.from(parts[part] ?? '', 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[part] = bytes.toString('base64');
  return parts.join(':');
}

describe('encryptSecret / decryptSecret', () => {
  it('round-trips, in the versioned v1 format, with a fresh IV each time', () => {
    const a = encryptSecret(secret, key, aad);
    const b = encryptSecret(secret, key, aad);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(decryptSecret(a, key, aad)).toBe(secret);
    expect(decryptSecret(b, key, aad)).toBe(secret);
    expect(Buffer.from(a.split(':')[1] ?? '', 'base64')).toHaveLength(12);
  });

  it('round-trips the empty string', () => {
    expect(decryptSecret(encryptSecret('', key, aad), key, aad)).toBe('');
  });

  it.each([1, 2, 3] as const)('detects a flipped bit in part %i (iv, tag, ciphertext)', (part) => {
    const blob = encryptSecret(secret, key, aad);
    expect(reasonOf(() => decryptSecret(flip(blob, part), key, aad))).toBe('authentication');
  });

  it('fails with another aad (a ciphertext copied to another record)', () => {
    const blob = encryptSecret(secret, key, 'E1:T1');
    expect(reasonOf(() => decryptSecret(blob, key, 'E1:T2'))).toBe('authentication');
    expect(reasonOf(() => decryptSecret(blob, key, 'T1'))).toBe('authentication');
  });

  it('fails with another key (a rotated key)', () => {
    const blob = encryptSecret(secret, key, aad);
    expect(reasonOf(() => decryptSecret(blob, generateKey(), aad))).toBe('authentication');
  });

  it('rejects malformed blobs and unknown versions without trying to decrypt them', () => {
    const blob = encryptSecret(secret, key, aad);
    const [, iv, tag, ct] = blob.split(':');
    expect(reasonOf(() => decryptSecret('', key, aad))).toBe('format');
    expect(reasonOf(() => decryptSecret(blob.slice(3), key, aad))).toBe('format');
    expect(reasonOf(() => decryptSecret(`v2:${iv}:${tag}:${ct}`, key, aad))).toBe('version');
    // A truncated tag would weaken authentication: refused as malformed.
    const shortTag = Buffer.from(tag ?? '', 'base64')
      .subarray(0, 12)
      .toString('base64');
    expect(reasonOf(() => decryptSecret(`v1:${iv}:${shortTag}:${ct}`, key, aad))).toBe('format');
    expect(reasonOf(() => decryptSecret(`v1:${iv}:${tag}:${ct}!`, key, aad))).toBe('format');
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => encryptSecret(secret, Buffer.alloc(16), aad)).toThrow(RangeError);
    expect(() => decryptSecret('v1:a:b:c', Buffer.alloc(31), aad)).toThrow(RangeError);
  });

  it('generates distinct 32-byte keys', () => {
    const other = generateKey();
    expect(key).toHaveLength(32);
    expect(other.equals(key)).toBe(false);
  });
});
