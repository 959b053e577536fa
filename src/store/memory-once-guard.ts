import { checkTtl, type OnceGuard } from './store-types.js';

/**
 * In-process claims for the sqlite and memory stores. Check-and-set happens synchronously, so
 * concurrent claims inside one process are atomic; a second replica would have its own map, which
 * is why those stores are single-replica.
 */
export function createMemoryOnceGuard(): OnceGuard & { sweep(): void } {
  const claims = new Map<string, number>();
  return {
    async claim(key, ttlMs) {
      checkTtl(ttlMs);
      const now = Date.now();
      const until = claims.get(key);
      if (until !== undefined && until > now) return false;
      claims.set(key, now + ttlMs);
      return true;
    },
    sweep() {
      const now = Date.now();
      for (const [key, until] of claims) if (until <= now) claims.delete(key);
    },
  };
}
