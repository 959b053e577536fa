import { checkTtl, type OnceGuard } from './store-types.js';

/**
 * Claims under this prefix record requests seen (the replay guard of src/slack/receiver/), not
 * locks. Every signed request from Slack makes one, so their number follows the request rate; they
 * are kept apart and bounded (SEEN_REQUESTS_MAX), oldest forgotten first. Forgetting one early can
 * only let a replay of that request through, and filling the bound takes that many requests signed
 * with the app's secret within the guard's memory: only Slack can send them.
 */
export const SEEN_REQUEST_PREFIX = 'slack-request:';
/** 200,000 requests: 300 a second for the replay guard's 11 minutes; about 94 bytes each, 19 MB. */
export const SEEN_REQUESTS_MAX = 200_000;

/**
 * In-process claims for the sqlite and memory stores. Check-and-set happens synchronously, so
 * concurrent claims inside one process are atomic; a second replica would have its own map, which
 * is why those stores are single-replica.
 */
export function createMemoryOnceGuard(
  options: { seenMax?: number } = {},
): OnceGuard & { sweep(): void; seenCount(): number } {
  const claims = new Map<string, number>();
  // Requests seen, oldest first: their TTLs are all the same, so the
  // first entry is the next to expire and expiry is done a few entries at a time as claims come.
  // The end of each one's memory is kept in whole seconds from the guard's creation, rounded up: a
  // small integer, stored in the map's slot itself, where milliseconds since 1970 take a heap
  // number of 16 bytes each.
  const seen = new Map<string, number>();
  const seenMax = options.seenMax ?? SEEN_REQUESTS_MAX;
  const base = Date.now();
  const claimSeen = (key: string, ttlMs: number, now: number) => {
    const nowS = (now - base) / 1000;
    for (const [oldest, untilS] of seen) {
      if (untilS > nowS) break;
      seen.delete(oldest);
    }
    const untilS = seen.get(key);
    if (untilS !== undefined && untilS > nowS) return false;
    seen.delete(key);
    for (const oldest of seen.keys()) {
      if (seen.size < seenMax) break;
      seen.delete(oldest);
    }
    seen.set(key, Math.ceil(nowS + ttlMs / 1000));
    return true;
  };
  return {
    async claim(key: string, ttlMs: number) {
      checkTtl(ttlMs);
      const now = Date.now();
      if (key.startsWith(SEEN_REQUEST_PREFIX)) return claimSeen(key, ttlMs, now);
      const until = claims.get(key);
      if (until !== undefined && until > now) return false;
      claims.set(key, now + ttlMs);
      return true;
    },
    sweep() {
      const now = Date.now();
      for (const [key, until] of claims) if (until <= now) claims.delete(key);
      for (const [key, untilS] of seen) if (untilS * 1000 + base <= now) seen.delete(key);
    },
    seenCount: () => seen.size,
  };
}
