import { createHash } from 'node:crypto';
import type { Keyv } from 'keyv';
import * as z from 'zod';

/** How long an event id is remembered: a sender retrying for longer would alert again. */
const EVENT_ID_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** One request's hold on an event id: kept once the event is recorded and alerted, else given back. */
interface EventClaim {
  /** An earlier attempt wrote the experiment's record before failing: it must not be applied twice. */
  recorded: boolean;
  /** Gives the id back after a failure, so the sender's retry is processed; says how far this one got. */
  release(progress: { recorded: boolean }): Promise<void>;
}

export interface EventClaims {
  /** The event's claim; undefined when another request holds it or has processed the event. */
  take(scope: string, eventId: string): Promise<EventClaim | undefined>;
}

// The store's once-guard cannot be undone, and keyv cannot set-if-absent: a released claim is
// replaced by the next attempt's. The attempt count (with whether the record was written) is kept
// beside the hooks; attempt n claims its own key, so a retry claims afresh while concurrent
// deliveries of one attempt still meet on one key.
const Released = z.object({ v: z.literal(1), attempts: z.int().nonnegative(), recorded: z.boolean() });

export function createEventClaims(options: {
  keyv: Keyv;
  /** The store's once-guard (atomic across replicas on Redis and Postgres). */
  claim: (key: string, ttlMs: number) => Promise<boolean>;
}): EventClaims {
  const { keyv } = options;
  return {
    async take(scope, eventId) {
      // Hashed: the id is the sender's free text, the key must stay short and safe.
      const idHash = createHash('sha256').update(eventId).digest('hex').slice(0, 32);
      const releasedKey = `released:${scope}:${idHash}`;
      const parsed = Released.safeParse(await keyv.get(releasedKey));
      const { attempts, recorded } = parsed.success ? parsed.data : { attempts: 0, recorded: false };
      // The first attempt's key is the one claims had before retries existed: those still count.
      const claimKey = `hook-event:${scope}:${idHash}${attempts === 0 ? '' : `:${attempts}`}`;
      if (!(await options.claim(claimKey, EVENT_ID_TTL_MS))) return undefined;
      return {
        recorded,
        async release(progress) {
          const next: z.infer<typeof Released> = {
            v: 1,
            attempts: attempts + 1,
            recorded: recorded || progress.recorded,
          };
          await keyv.set(releasedKey, next, EVENT_ID_TTL_MS);
        },
      };
    },
  };
}
