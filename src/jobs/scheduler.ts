// The app's periodic work (lease renewal, the orphan sweep, token health, polling) on one clock.
//
// Not the durable queue's repeatable jobs (job-queue.ts): the store engine has none, so Redis and the
// other stores would run two different schedulers; the lease renewal and the orphan sweep must run on
// every replica (they speak for this process), which a queue job run by one replica cannot express;
// and the sweep looks again at a moment only its last run knows. A periodic job here is cheap and
// idempotent, and where one replica per interval must run it, the store's claim decides (`lease`).

import type { Logger } from '../observability/logger.js';

/** What a run may ask for: one more run sooner than the next tick (the first recheck wins). */
type PeriodicRunResult = { againInMs?: number | undefined } | undefined;

export interface PeriodicJob {
  name: string;
  everyMs: number;
  /**
   * When the first run happens: `awaited` at start, and start() waits for it; `at-start` without
   * waiting; `after-interval` (the default) one interval after start.
   */
  firstRun?: 'awaited' | 'at-start' | 'after-interval';
  /**
   * Once per cluster: each interval's run is done by the replica that claims `${lease}:${slot}`
   * (slot = now / everyMs); without it every replica runs the job.
   */
  lease?: string;
  /** Logged as a warning, with the error, when a run throws. */
  failure: string;
  /**
   * A run that threw is tried again this soon instead of at the next interval (one recheck at a
   * time, as a run's `againInMs`): for a job whose run cannot wait a whole interval after a store
   * blip (the orphan sweep, whose recheck the failed run would have asked for).
   */
  retryAfterFailureMs?: number | undefined;
  run(): Promise<PeriodicRunResult | undefined>;
}

export interface SchedulerDeps {
  logger: Logger;
  /** The store's once-guard: true for the one caller that gets the key until it expires. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  now?: () => number;
}

export interface Scheduler {
  /** Starts every job; resolves once the `awaited` first runs are done. */
  start(jobs: readonly PeriodicJob[]): Promise<void>;
  /** No timer fires after this is called; resolves when the runs in flight have ended. */
  stop(): Promise<void>;
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const runners: JobRunner[] = [];
  let stopped = false;
  return {
    async start(jobs) {
      for (const job of jobs) {
        if (stopped) return;
        const runner = createJobRunner(job, deps, () => stopped);
        runners.push(runner);
        if (job.firstRun === 'awaited') await runner.trigger();
        else if (job.firstRun === 'at-start') void runner.trigger();
        runner.schedule();
      }
    },
    async stop() {
      stopped = true;
      for (const runner of runners) runner.cancel();
      await Promise.all(runners.map((runner) => runner.settled()));
    },
  };
}

interface JobRunner {
  /** Runs now, or right after the run in flight (ticks that fall during a run become one run). */
  trigger(): Promise<void>;
  schedule(): void;
  cancel(): void;
  settled(): Promise<void>;
}

function createJobRunner(job: PeriodicJob, deps: SchedulerDeps, isStopped: () => boolean): JobRunner {
  const now = deps.now ?? Date.now;
  let running: Promise<void> | undefined;
  let pending = false;
  let interval: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;

  const runOnce = async () => {
    if (job.lease && !(await deps.claim(`${job.lease}:${Math.floor(now() / job.everyMs)}`, job.everyMs))) {
      return;
    }
    let result: PeriodicRunResult;
    try {
      result = await job.run();
    } catch (error) {
      if (job.retryAfterFailureMs !== undefined) again(job.retryAfterFailureMs);
      throw error;
    }
    if (result?.againInMs !== undefined) again(result.againInMs);
  };
  const again = (ms: number) => {
    if (recheck || isStopped()) return;
    recheck = setTimeout(() => {
      recheck = undefined;
      void trigger();
    }, ms);
    recheck.unref();
  };
  const trigger = (): Promise<void> => {
    if (isStopped()) return running ?? Promise.resolve();
    if (running) {
      pending = true;
      return running;
    }
    running = runOnce()
      .catch((error: unknown) => deps.logger.warn(job.failure, { error, job: job.name }))
      .finally(() => {
        running = undefined;
        if (pending && !isStopped()) {
          pending = false;
          void trigger();
        }
      });
    return running;
  };
  return {
    trigger,
    schedule() {
      interval = setInterval(() => void trigger(), job.everyMs);
      interval.unref();
    },
    cancel() {
      clearInterval(interval);
      clearTimeout(recheck);
      pending = false;
    },
    async settled() {
      while (running) await running;
    },
  };
}
