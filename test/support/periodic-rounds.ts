import type { Store } from '../../src/store/create-store.js';

export interface PeriodicRounds {
  /**
   * Resolves once `n` whole runs of the job started and ended after this call. A check that a job
   * did something only once waits for this (then for the app to be idle), not for a fixed time.
   */
  complete(n: number): Promise<void>;
}

/**
 * Counts the runs of a once-per-cluster periodic job (src/jobs/scheduler.ts) from outside the app:
 * each run begins by winning its lease `${lease}:${slot}` in the store, and the scheduler starts a
 * run only once the one before it ended. So when n + 1 more claims were won, n runs began and ended
 * after the count was taken. Only observes: every claim is passed to the store unchanged.
 */
export function watchRounds(store: Store, lease: string): PeriodicRounds {
  const original = store.locks.claim.bind(store.locks);
  let won = 0;
  let waiters: Array<{ target: number; resolve: () => void }> = [];
  store.locks.claim = async (key, ttlMs) => {
    const claimed = await original(key, ttlMs);
    if (claimed && key.startsWith(`${lease}:`)) {
      won += 1;
      for (const waiter of waiters) if (won >= waiter.target) waiter.resolve();
      waiters = waiters.filter((waiter) => won < waiter.target);
    }
    return claimed;
  };
  return {
    complete: (n) => new Promise((resolve) => waiters.push({ target: won + n + 1, resolve })),
  };
}
