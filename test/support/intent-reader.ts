import { createIntentLog, INTENT_NAMESPACE, Intent } from '../../src/core/intents.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createStore } from '../../src/store/create-store.js';
import { untilPast } from './clock.js';

// The app's intent log read from outside, as another replica's sweep reads it, so a test that kills
// a process waits for exactly what the sweep needs (deadlines passed, leases gone), not a margin.

export interface IntentReader {
  /**
   * Resolves once no stored intent can still become an orphan: each is one now (past its deadline,
   * its process's lease gone) or has ended. A replica starting then finds every orphan at once.
   */
  untilNonePending(timeoutMs: number): Promise<void>;
  /** Resolves once every intent stored now is past its deadline. */
  untilDeadlinesPassed(): Promise<void>;
  close(): Promise<void>;
}

export async function openIntentReader(storeUrl: string): Promise<IntentReader> {
  const store = await createStore(storeUrl, { logger: createMemoryLogger('error') });
  const keyv = store.keyv(INTENT_NAMESPACE);
  // Its own owner id is one no process holds, so every intent it reads is another process's.
  const log = createIntentLog({ keyv, now: () => new Date(), inFlightMs: 0, onError: () => undefined });
  return {
    async untilNonePending(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { recheckAt } = await log.scanOrphans();
        if (recheckAt === undefined) return;
        if (Math.max(recheckAt, Date.now()) > deadline)
          throw new Error(`an intent is still pending ${timeoutMs} ms on`);
        // A lease's key may outlive the end its record gives by the time its write took.
        await untilPast(Math.max(recheckAt, Date.now() + 20));
      }
    },
    async untilDeadlinesPassed() {
      let latest = 0;
      for await (const [, value] of keyv.iterator?.(keyv.namespace) ?? []) {
        const intent = Intent.safeParse(value);
        if (intent.success) latest = Math.max(latest, Date.parse(intent.data.deadline));
      }
      await untilPast(latest);
    },
    close: () => store.close(),
  };
}
