import Denque from 'denque';
import { checkTtl, type OnceGuard } from './store-types.js';

/**
 * Claims under this prefix record requests seen (the replay guard of src/slack/receiver/), not
 * locks. Every signed request from Slack makes one, so their number follows the request rate; they
 * are kept apart and bounded (SEEN_REQUESTS_MAX), oldest forgotten first. Forgetting one early can
 * only let a replay of that request through, and filling the bound takes that many requests signed
 * with the app's secret within the guard's memory: only Slack can send them.
 */
export const SEEN_REQUEST_PREFIX = 'slack-request:';
/** 200,000 requests: 300 a second for the replay guard's 11 minutes; about 119 bytes each, 24 MB. */
const SEEN_REQUESTS_MAX = 200_000;

/**
 * In-process claims for the sqlite and memory stores. Check-and-set happens synchronously, so
 * concurrent claims inside one process are atomic; a second replica would have its own map, which
 * is why those stores are single-replica.
 */
export function createMemoryOnceGuard(
  options: { seenMax?: number } = {},
): OnceGuard & { sweep(): void; seenCount(): number } {
  const claims = new Map<string, number>();
  // Requests seen, by key, with the end of its memory in whole seconds from the guard's creation,
  // rounded up: a small integer stored in the map's slot itself, where milliseconds since 1970 take
  // a heap number of 16 bytes each.
  const seen = new Map<string, number>();
  // The same requests oldest first, as key then end (their TTLs are all the same, so the first is
  // the next to expire): expired and surplus ones are dropped from the front as claims come. Not by
  // walking the map from its start: V8 leaves a deleted entry's slot in place until the table is
  // rebuilt and a walk steps over each, so once the guard is full (or its first requests expire)
  // every claim would pay for the deleted slots before it.
  const order = new Denque<string | number>();
  const seenMax = options.seenMax ?? SEEN_REQUESTS_MAX;
  const base = Date.now();
  const forgetOldest = () => {
    const key = order.shift() as string;
    const untilS = order.shift() as number;
    // A key claimed again after it expired has a newer entry: only its own is forgotten.
    if (seen.get(key) === untilS) seen.delete(key);
  };
  const forgetExpired = (nowS: number) => {
    while (order.length > 0 && (order.peekAt(1) as number) <= nowS) forgetOldest();
  };
  const claimSeen = (key: string, ttlMs: number, now: number) => {
    const nowS = (now - base) / 1000;
    forgetExpired(nowS);
    const untilS = seen.get(key);
    if (untilS !== undefined && untilS > nowS) return false;
    while (seen.size >= seenMax && order.length > 0) forgetOldest();
    const until = Math.ceil(nowS + ttlMs / 1000);
    seen.set(key, until);
    order.push(key);
    order.push(until);
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
      forgetExpired((now - base) / 1000);
    },
    seenCount: () => seen.size,
  };
}
