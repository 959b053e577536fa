import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  generateKey,
  keyId,
  openSecret,
  SecretDecryptionError,
} from './crypto.js';

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

/** A blob in the earlier v1 format (no key id), as stores written before rotation existed hold. */
function legacySeal(plain: string, k: Buffer, additional: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(additional, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ct.toString('base64')].join(
    ':',
  );
}

/** Flips one bit of the decoded bytes of one part, re-encoding so only authentication can notice. */
function flip(blob: string, part: 2 | 3 | 4): string {
  const parts = blob.split(':');
  const bytes = Buffer.from(parts[part] ?? '', 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[part] = bytes.toString('base64');
  return parts.join(':');
}

describe('encryptSecret / decryptSecret', () => {
  it('round-trips, in the v2 format naming its key, with a fresh IV each time', () => {
    const a = encryptSecret(secret, key, aad);
    const b = encryptSecret(secret, key, aad);
    expect(a).toMatch(/^v2:[0-9a-f]{8}:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a.split(':')[1]).toBe(keyId(key));
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(decryptSecret(a, key, aad)).toBe(secret);
    expect(decryptSecret(b, key, aad)).toBe(secret);
    expect(Buffer.from(a.split(':')[2] ?? '', 'base64')).toHaveLength(12);
  });

  it('opens what an old key sealed and says it is stale; seals with the current key only', () => {
    const old = generateKey();
    const sealedBefore = encryptSecret(secret, old, aad);
    const ring = { current: key, old: [old] };
    expect(openSecret(sealedBefore, ring, aad)).toEqual({ plain: secret, stale: true });
    const resealed = encryptSecret(secret, ring, aad);
    expect(resealed.split(':')[1]).toBe(keyId(key));
    expect(openSecret(resealed, ring, aad)).toEqual({ plain: secret, stale: false });
    // Without the old key, what it sealed cannot be opened: nothing falls back.
    expect(reasonOf(() => decryptSecret(sealedBefore, key, aad))).toBe('unknown-key');
  });

  it('reads the legacy v1 format with the current or an old key, as stale', () => {
    const old = generateKey();
    expect(openSecret(legacySeal(secret, key, aad), key, aad)).toEqual({ plain: secret, stale: true });
    expect(openSecret(legacySeal(secret, old, aad), { current: key, old: [old] }, aad)).toEqual({
      plain: secret,
      stale: true,
    });
    expect(reasonOf(() => decryptSecret(legacySeal(secret, old, aad), key, aad))).toBe('authentication');
  });

  it('never names the key itself: the id is a hash prefix', () => {
    expect(keyId(key)).toMatch(/^[0-9a-f]{8}$/);
    expect(key.toString('hex')).not.toContain(keyId(key));
  });

  it('round-trips the empty string', () => {
    expect(decryptSecret(encryptSecret('', key, aad), key, aad)).toBe('');
  });

  it.each([2, 3, 4] as const)('detects a flipped bit in part %i (iv, tag, ciphertext)', (part) => {
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
    expect(reasonOf(() => decryptSecret(blob, generateKey(), aad))).toBe('unknown-key');
  });

  it('rejects malformed blobs and unknown versions without trying to decrypt them', () => {
    const blob = encryptSecret(secret, key, aad);
    const [, id, iv, tag, ct] = blob.split(':');
    expect(reasonOf(() => decryptSecret('', key, aad))).toBe('format');
    expect(reasonOf(() => decryptSecret(blob.slice(3), key, aad))).toBe('format');
    expect(reasonOf(() => decryptSecret(`v2:${iv}:${tag}:${ct}`, key, aad))).toBe('format');
    expect(reasonOf(() => decryptSecret(`v9:${id}:${iv}:${tag}:${ct}`, key, aad))).toBe('version');
    // A truncated tag would weaken authentication: refused as malformed.
    const shortTag = Buffer.from(tag ?? '', 'base64')
      .subarray(0, 12)
      .toString('base64');
    expect(reasonOf(() => decryptSecret(`v2:${id}:${iv}:${shortTag}:${ct}`, key, aad))).toBe('format');
    expect(reasonOf(() => decryptSecret(`v2:${id}:${iv}:${tag}:${ct}!`, key, aad))).toBe('format');
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => encryptSecret(secret, Buffer.alloc(16), aad)).toThrow(RangeError);
    expect(() => decryptSecret('v2:0:a:b:c', Buffer.alloc(31), aad)).toThrow(RangeError);
  });

  it('generates distinct 32-byte keys', () => {
    const other = generateKey();
    expect(key).toHaveLength(32);
    expect(other.equals(key)).toBe(false);
  });
});
